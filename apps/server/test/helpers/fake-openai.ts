import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake received; `json` is the parsed body (undefined when it was not JSON). */
export interface FakeOpenAiRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  json: unknown;
}

/** What the fake answers: a status and a JSON (or raw text) body, after `delayMs`; or "hang" to never answer. */
export type FakeOpenAiReply = { status?: number; json?: unknown; text?: string; delayMs?: number } | "hang";

export interface FakeOpenAi {
  /** Give this as AI_BASE_URL (it ends in /v1, as OpenAI's does). */
  url: string;
  requests: FakeOpenAiRequest[];
  /** How the next requests are answered (until changed); the default answers 500. */
  reply(handler: FakeOpenAiReply | ((request: FakeOpenAiRequest) => FakeOpenAiReply)): void;
  close(): Promise<void>;
}

/** A chat completion as OpenAI's API shapes it, its message content the given string (or JSON of a value). */
export function chatCompletion(content: unknown, totalTokens = 321) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: "fake-model",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: typeof content === "string" ? content : JSON.stringify(content) },
        finish_reason: "stop",
      },
    ],
    usage: { prompt_tokens: totalTokens - 100, completion_tokens: 100, total_tokens: totalTokens },
  };
}

/** The routes the fake answers (as told by `reply`): chat completions and image generations. */
const ROUTES = new Set(["/v1/chat/completions", "/v1/images/generations"]);

/** A stand-in for an OpenAI-compatible server on loopback: records what it is sent, answers as told. */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeOpenAiRequest[] = [];
  let handler: FakeOpenAiReply | ((request: FakeOpenAiRequest) => FakeOpenAiReply) = {
    status: 500,
    json: { error: { type: "server_error", message: "no reply configured" } },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let json: unknown;
      try {
        json = raw ? JSON.parse(raw) : undefined;
      } catch {
        json = undefined;
      }
      const request: FakeOpenAiRequest = {
        method: req.method ?? "GET",
        path: new URL(req.url ?? "/", "http://fake.openai").pathname,
        headers: req.headers,
        json,
      };
      requests.push(request);
      if (request.method !== "POST" || !ROUTES.has(request.path)) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "invalid_request_error", message: `Unknown route ${request.path}` } }));
        return;
      }
      const reply = typeof handler === "function" ? handler(request) : handler;
      if (reply === "hang") return; // never answers; close() drops the connection
      const answer = () => {
        res.writeHead(reply.status ?? 200, { "content-type": reply.text !== undefined ? "text/plain" : "application/json" });
        res.end(reply.text ?? JSON.stringify(reply.json ?? {}));
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(next) {
      handler = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

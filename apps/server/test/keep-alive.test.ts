import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp } from "./helpers/auth";

/**
 * Issue 39, "Bad requests do not poison the connection": a request refused before its body is read must not leave its
 * keep-alive connection unusable. One connection at a time (maxSockets 1), as a browser reuses its connection: the
 * refused request with its body, then a good request on the same agent.
 */
let app: TestApp;
let agent: http.Agent;
const LIMIT = 2;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_AUTH_MAX: String(LIMIT), RATE_LIMIT_AUTH_WINDOW_SECONDS: "600" } });
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  agent?.destroy();
});

interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  socket: Socket;
  reusedSocket: boolean;
}

/** One request on the agent; a socket error rejects (what the issue saw: "the next request ... failed"). */
function send(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Buffer; chunked?: boolean; localAddress?: string } = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin: app.url, ...options.headers };
    if (options.body && !options.chunked) headers["content-length"] = String(options.body.length);
    const req = http.request(new URL(path, app.url), { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString("utf8"),
          socket: res.socket,
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    req.on("error", reject);
    if (options.body && options.chunked) {
      // In pieces, as a browser streams an upload: the server answers before it has them all.
      const piece = 16 * 1024;
      for (let at = 0; at < options.body.length; at += piece) req.write(options.body.subarray(at, at + piece));
      req.end();
    } else req.end(options.body);
  });
}

const jsonBody = (bytes: number) => Buffer.from(JSON.stringify({ text: "x".repeat(bytes) }));
const json = { "content-type": "application/json" };

/**
 * The good request after the refused one, an ordinary read answered 200: on the same connection when the refused body
 * was small enough to drain, on a new one when the refusal said `Connection: close`.
 */
async function goodRequestAfter(refused: Sent, connection: "reused" | "closed") {
  expect(refused.headers.connection).toBe(connection === "reused" ? "keep-alive" : "close");
  const good = await send("GET", "/api/auth/get-session");
  expect(good.status, good.text).toBe(200);
  if (connection === "reused") expect(good.socket).toBe(refused.socket);
  else expect(good.socket).not.toBe(refused.socket);
  expect(good.reusedSocket).toBe(connection === "reused");
}

describe("a refused request leaves its keep-alive connection usable", () => {
  test("413: a body over the limit (with Content-Length)", async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await send("POST", "/api/journal", { headers: json, body: jsonBody(200 * 1024) });
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.text).error.message).toBe("The request body must be 64 KB or smaller.");
    await goodRequestAfter(refused, "reused");
  });

  test("413: a body over the limit, streamed without Content-Length", async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await send("POST", "/api/journal", { headers: json, body: jsonBody(300 * 1024), chunked: true });
    expect(refused.status).toBe(413);
    await goodRequestAfter(refused, "reused");
  });

  test("413: an upload far over the limit (more than is worth reading) closes its connection", async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await send("POST", "/api/profile/avatar", {
      headers: { "content-type": "image/png" },
      body: Buffer.alloc(8 * 1024 * 1024, 1),
    });
    expect(refused.status).toBe(413);
    await goodRequestAfter(refused, "closed");
  });

  test("401: an upload to a signed-in route without a session", async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await send("POST", "/api/profile/avatar", {
      headers: { "content-type": "image/png" },
      body: Buffer.alloc(512 * 1024, 1),
    });
    expect(refused.status).toBe(401);
    await goodRequestAfter(refused, "reused");
  });

  test("403: a cookie request from another site (the CSRF check)", async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const member = app.client();
    await signUp(member);
    const refused = await send("POST", "/api/journal", {
      headers: { ...json, cookie: member.cookieHeader(), origin: "https://elsewhere.example" },
      body: jsonBody(32 * 1024),
    });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).error.message).toBe(
      "This request did not come from Shepherd. Reload the page and try again.",
    );
    await goodRequestAfter(refused, "reused");
  });

  test("429: a sign-in over the address's limit", async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: "127.0.27.1" } as http.AgentOptions);
    const attempt = () =>
      send("POST", "/api/auth/sign-in/email", {
        headers: json,
        body: Buffer.from(JSON.stringify({ email: "nobody@example.com", password: "Wrong-guess-1" })),
      });
    for (let i = 0; i < LIMIT; i++) expect((await attempt()).status).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    await goodRequestAfter(refused, "reused");
  });

  test("with Node's fetch, as the issue saw it: a 413, then the next request on its connection", async () => {
    for (const bytes of [100 * 1024, 900 * 1024, 4 * 1024 * 1024]) {
      const refused = await fetch(new URL("/api/journal", app.url), {
        method: "POST",
        headers: { ...json, origin: app.url },
        body: jsonBody(bytes),
      });
      expect(refused.status).toBe(413);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        "The request body must be 64 KB or smaller.",
      );
      const good = await fetch(new URL("/api/auth/get-session", app.url));
      expect(good.status).toBe(200);
      await good.text();
    }
  });
});

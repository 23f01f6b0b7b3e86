import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { resolveUser } from "../../src/auth/middleware";
import type { AppContext, AppEnv } from "../../src/context";
import { AppError } from "../../src/errors";
import { requireTrustedOrigin } from "../../src/http/security";
import { audioRoutes } from "../../src/modules/audio/routes";
import type { SpeechProvider } from "../../src/providers/tts/speech";

export interface Served {
  url: string;
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<string> {
  if (!server.listening) await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * The audio routes mounted under /api the way app.ts mounts a module (trusted-origin check, resolveUser, the JSON
 * error mapping, no-store by default), on the test app's context plus a speech provider, on a loopback port.
 * Used while app.ts does not mount them, and for a speech provider other than the app's own.
 */
export async function serveAudioRoutes(ctx: AppContext, speech: SpeechProvider): Promise<Served> {
  const app = new Hono<AppEnv>();
  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json({ error: { code: error.code, message: error.message, issues: error.issues } }, error.status);
    }
    if (error instanceof HTTPException) return c.json({ error: { code: "BAD_REQUEST", message: error.message } }, error.status);
    ctx.log.error({ err: error }, "unhandled error");
    return c.json({ error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } }, 500);
  });
  const api = new Hono<AppEnv>();
  api.use(requireTrustedOrigin(ctx));
  api.use(resolveUser(ctx));
  api.use(async (c, next) => {
    await next();
    if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
  });
  api.route("/", audioRoutes({ ...ctx, speech }));
  api.all("*", () => {
    throw new AppError("NOT_FOUND", "There is no such API route.");
  });
  app.route("/api", api);
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as http.Server;
  const url = await listen(server);
  return { url, close: () => closeServer(server) };
}

export interface FakeSpeechRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/**
 * An OpenAI-compatible `/v1/audio/speech` on loopback. `respond` decides each answer; by default it sends `audio`.
 */
export async function startFakeSpeechServer(options: {
  audio: Uint8Array;
  respond?: (request: FakeSpeechRequest, res: http.ServerResponse) => boolean | void;
}): Promise<Served & { requests: FakeSpeechRequest[] }> {
  const requests: FakeSpeechRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        // recorded as empty
      }
      const request = { method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization, body };
      requests.push(request);
      if (options.respond?.(request, res)) return;
      if (request.method !== "POST" || request.path !== "/v1/audio/speech") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      res.writeHead(200, { "content-type": "audio/mpeg", "content-length": options.audio.length }).end(options.audio);
    });
  });
  server.listen(0, "127.0.0.1");
  const url = await listen(server);
  return { url, requests, close: () => closeServer(server) };
}

/** MPEG audio frames of a file (skipping a leading ID3v2 tag): their count, duration and whether they fill it. */
export function mp3Frames(bytes: Uint8Array): { frames: number; seconds: number; sampleRate: number; complete: boolean } {
  let at = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    at = 10 + (((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f));
  }
  const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (at + 4 <= bytes.length) {
    const b1 = bytes[at + 1]!;
    const b2 = bytes[at + 2]!;
    if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0 || ((b1 >> 1) & 3) !== 1) break; // Layer III only
    const version = (b1 >> 3) & 3;
    const bitrate = (version === 3 ? BITRATES_V1 : BITRATES_V2)[b2 >> 4];
    const rate = RATES[version]?.[(b2 >> 2) & 3];
    if (!bitrate || !rate) break;
    const perFrame = version === 3 ? 1152 : 576;
    const length = Math.floor(((perFrame / 8) * bitrate * 1000) / rate) + ((b2 >> 1) & 1);
    frames += 1;
    samples += perFrame;
    sampleRate = rate;
    at += length;
  }
  return { frames, seconds: sampleRate ? samples / sampleRate : 0, sampleRate, complete: frames > 0 && at === bytes.length };
}

import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signUp } from "./helpers/auth";
import {
  buildServerIfNeeded,
  postmasterPid,
  preparedDataDir,
  processAlive,
  startBuiltServer,
  waitUntil,
  type BuiltServer,
} from "./helpers/built-server";
import { openEventStream } from "./helpers/sse";
import { multipart, TINY_PNG } from "./helpers/upload";

/**
 * SIGTERM stops taking requests, lets the in-flight one finish, then stops the embedded PostgreSQL.
 * Excluded when DATABASE_URL is set (see vitest.config.ts): it is about the embedded server.
 */

let server: BuiltServer;
let dataDir: string;

beforeAll(async () => {
  buildServerIfNeeded();
  dataDir = await preparedDataDir("shutdown");
  server = await startBuiltServer({ dataDir });
});
afterAll(async () => {
  await server?.crash();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("SIGTERM finishes the request in flight, refuses new ones, and stops the database", async () => {
  const client = server.client();
  await signUp(client, { name: "Graceful Gary" });
  const upload = await multipart({ avatar: { bytes: TINY_PNG, filename: "me.png", type: "image/png" } });
  const postmaster = postmasterPid(dataDir);
  expect(postmaster, "the embedded postmaster is running").not.toBeNull();

  // Start an upload and send only half of its body.
  const url = new URL("/api/profile/avatar", server.url);
  const request = http.request(url, {
    method: "POST",
    agent: false,
    headers: {
      cookie: client.cookieHeader(),
      origin: server.url,
      "content-type": upload.contentType,
      "content-length": String(upload.body.length),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on("response", (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
  const half = Math.floor(upload.body.length / 2);
  request.write(upload.body.subarray(0, half));
  await new Promise((r) => setTimeout(r, 200));

  server.child.kill("SIGTERM");
  // New connections are refused once the server stops listening.
  await waitUntil(
    () =>
      new Promise<boolean>((resolve) => {
        const probe = http.get(new URL("/api/health", server.url), { agent: false }, (res) => {
          res.resume();
          resolve(false);
        });
        probe.on("error", () => resolve(true));
      }),
    "the server to stop accepting connections",
    10_000,
  );

  request.end(upload.body.subarray(half));
  const result = await answer;
  expect(result.status, result.body).toBe(200);
  expect(JSON.parse(result.body).avatar_url).toMatch(/^\/api\/files\/avatars\//);

  await waitUntil(() => server.child.exitCode !== null, "the server to exit", 30_000);
  expect(server.child.exitCode).toBe(0);
  await waitUntil(() => !processAlive(postmaster!), "the embedded PostgreSQL to stop", 30_000);
});

test("SIGTERM ends open event streams, so they do not hold the shutdown open", async () => {
  server = await startBuiltServer({ dataDir });
  const client = server.client();
  await signUp(client, { name: "Listening Levi" });
  const live = await openEventStream(server.url, { cookie: client.cookieHeader() });
  expect(live.status, live.text()).toBe(200);

  server.child.kill("SIGTERM");
  // Had the stream held server.close() open, the 25 s shutdown guard would have exited with code 1.
  await waitUntil(() => server.child.exitCode !== null, "the server to exit", 60_000);
  expect(server.child.exitCode, server.output()).toBe(0);
  await live.ended;
});

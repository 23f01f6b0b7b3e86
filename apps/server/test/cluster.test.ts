import fs from "node:fs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signIn, signUp } from "./helpers/auth";
import {
  buildServerIfNeeded,
  childrenOf,
  postmasterPid,
  preparedDataDir,
  processAlive,
  startBuiltServer,
  waitUntil,
  type BuiltServer,
} from "./helpers/built-server";

/**
 * Cluster mode: WEB_CONCURRENCY=2 runs two server processes on one port (node:cluster) beside one embedded
 * PostgreSQL; SIGTERM stops both, then the database. Excluded when DATABASE_URL is set (see vitest.config.ts).
 */

let server: BuiltServer;
let dataDir: string;

beforeAll(async () => {
  buildServerIfNeeded();
  // A DATA_DIR the built server has started on before: the first process still migrates (nothing to do) and checks
  // the Bible before the second one starts.
  dataDir = await preparedDataDir("cluster");
  server = await startBuiltServer({ dataDir, env: { WEB_CONCURRENCY: "2" }, readyTimeoutMs: 170_000 });
}, 180_000);
afterAll(async () => {
  await server?.crash();
  for (const pid of workers) if (processAlive(pid)) process.kill(pid, "SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
});

let workers: number[] = [];
const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
};
const isNode = (pid: number) => cmdline(pid).includes("main.js");

test("two server processes serve one port, and a member signs in through both", { timeout: 180_000 }, async () => {
  // The primary says so once both processes listen.
  await waitUntil(() => server.output().includes("(2 processes)"), "both processes to listen", 120_000);
  const children = () => childrenOf(server.child.pid!);
  await waitUntil(() => children().filter(isNode).length === 2, "two server processes", 30_000).catch((error: Error) => {
    throw new Error(`${error.message}; children: ${children().map(cmdline).join(" | ")}\n${server.output()}`);
  });
  workers = children().filter(isNode);
  expect(workers).toHaveLength(2);

  const user = await signUp(server.client());
  // Every request of the test client is a new connection, and the cluster's primary hands connections to its processes
  // in turn (round-robin): consecutive requests land on one process, then the other. Each device signs in on one
  // connection and reads its session on the next, so sessions made by each process are read by the other.
  for (let i = 0; i < 4; i++) {
    const device = server.client();
    expect((await signIn(device, user)).status).toBe(200);
    const me = await device.get("/api/me");
    expect(me.status, me.text).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  }
});

test("SIGTERM stops both processes and the database cleanly", async () => {
  const postmaster = postmasterPid(dataDir);
  expect(postmaster, "the embedded postmaster is running").not.toBeNull();
  server.child.kill("SIGTERM");
  await waitUntil(() => server.child.exitCode !== null, "the primary to exit", 60_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${server.output()}`);
  });
  expect(server.child.exitCode, server.output()).toBe(0);
  for (const pid of workers) expect(processAlive(pid), `server process ${pid} stopped`).toBe(false);
  await waitUntil(() => !processAlive(postmaster!), "the embedded PostgreSQL to stop", 30_000);
}, 120_000);

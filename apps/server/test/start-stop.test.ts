import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { freePort } from "../src/db/embedded";
import { BUILT_MAIN, buildServerIfNeeded, postmasterPid, preparedDataDir, processAlive, waitUntil } from "./helpers/built-server";
import { TestClient } from "./helpers/http-client";

/**
 * Issue 19: `kill` of the `npm start` process (what a process manager or a container runtime sends) stops the server
 * and its embedded PostgreSQL within seconds, and so does the death of npm itself (SIGKILL, no word to its child).
 */

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function npmStart() {
  buildServerIfNeeded();
  const dataDir = await preparedDataDir("npm-start");
  dirs.push(dataDir);
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    WEB_CONCURRENCY: "1",
    SKIP_BUILD: "true",
  };
  const npm = spawn("npm", ["start"], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  npm.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const probe = new TestClient(`http://127.0.0.1:${port}`);
  await waitUntil(
    async () => {
      if (npm.exitCode !== null) throw new Error(`npm start exited (code ${npm.exitCode}):\n${output}`);
      return probe.get("/api/health").then(
        (r) => r.status === 200,
        () => false,
      );
    },
    "npm start to answer /api/health",
    180_000,
  );
  const database = postmasterPid(dataDir);
  expect(database).not.toBeNull();
  // The server is npm's child (sh -c "exec node ..." replaced the shell by node).
  const server = Number(fs.readFileSync(`/proc/${npm.pid}/task/${npm.pid}/children`, "utf8").trim().split(/\s+/)[0]);
  expect(processAlive(server)).toBe(true);
  return { npm, server, database: database!, output: () => output };
}

/**
 * Waits for the server and its PostgreSQL to be gone. A graceful stop lets running jobs finish (up to 10 s) and then
 * stops PostgreSQL; with the rest of the suite running beside it that can take a while, hence a minute's patience.
 */
async function stopped(started: Awaited<ReturnType<typeof npmStart>>): Promise<void> {
  try {
    await waitUntil(() => !processAlive(started.server) && !processAlive(started.database), "both to stop", 60_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}; server output:\n${started.output()}`);
  }
}

test("SIGTERM to npm start stops the server and its PostgreSQL", async () => {
  const started = await npmStart();
  process.kill(started.npm.pid!, "SIGTERM");
  await stopped(started);
  expect(started.output()).not.toMatch(/shutdown took too long/);
}, 240_000);

test("SIGKILL to npm start: the server notices it has lost its parent and stops, its PostgreSQL too", async () => {
  const started = await npmStart();
  process.kill(started.npm.pid!, "SIGKILL");
  await stopped(started);
}, 240_000);

test("two servers started at the same moment on one DATA_DIR: one serves, the other says the database is taken", async () => {
  buildServerIfNeeded();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-twice-"));
  dirs.push(dataDir);
  const start = async () => {
    const port = await freePort();
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" };
    const child = spawn(process.execPath, [BUILT_MAIN], {
      cwd: repoRoot,
      env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: "warn", WEB_CONCURRENCY: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    return { child, port, output: () => output };
  };
  const both = await Promise.all([start(), start()]);
  await waitUntil(() => both.some((s) => s.child.exitCode !== null), "one of the two to give way", 180_000);
  const loser = both.find((s) => s.child.exitCode !== null)!;
  const winner = both.find((s) => s !== loser)!;
  expect(loser.output()).toMatch(/Another Shepherd process \(pid \d+\) is running the database in this DATA_DIR/);
  await waitUntil(
    () =>
      new TestClient(`http://127.0.0.1:${winner.port}`).get("/api/health").then(
        (r) => r.status === 200,
        () => false,
      ),
    "the other to serve",
    180_000,
  );
  // It keeps serving: its database was not stopped by the one that gave way.
  await new Promise((r) => setTimeout(r, 1000));
  expect((await new TestClient(`http://127.0.0.1:${winner.port}`).get("/api/health/ready")).status).toBe(200);
  winner.child.kill("SIGTERM");
  await waitUntil(() => winner.child.exitCode !== null, "the server to stop", 30_000);
}, 400_000);

test("a production server refuses the test suites' cheap password hashing, and says why", () => {
  buildServerIfNeeded();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-refused-"));
  dirs.push(dataDir);
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PASSWORD_HASHING: "test" };
  for (const NODE_ENV of ["production", "development"]) {
    const started = spawnSync(process.execPath, [BUILT_MAIN], {
      cwd: repoRoot,
      env: { ...env, NODE_ENV },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(started.status, started.stderr).toBe(1);
    expect(started.stderr).toMatch(/PASSWORD_HASHING: test makes passwords cheap to guess; .*\(NODE_ENV=test\)/);
    // Refused before anything was started or written.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }
});

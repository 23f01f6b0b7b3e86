import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "../src/db/embedded";
import { SESSION_COOKIE, signIn, signUp } from "./helpers/auth";
import {
  buildServerIfNeeded,
  childrenOf,
  postmasterPid,
  preparedDataDir,
  processAlive,
  removeDataDir,
  startBuiltServer,
  waitUntil,
  type BuiltServer,
} from "./helpers/built-server";
import { TestClient } from "./helpers/http-client";

/**
 * The built server (node apps/server/dist/main.js) on its own embedded PostgreSQL. Acknowledged writes must
 * survive the server being SIGKILLed (its postmaster is then orphaned), and the postmaster being SIGKILLed too
 * (crash recovery). Excluded from the run when DATABASE_URL is set (see vitest.config.ts).
 */

let running: BuiltServer[] = [];
let dataDirs: string[] = [];

/** A DATA_DIR the built server has started on before (the run's prepared one, copied). */
async function newDataDir(): Promise<string> {
  const dir = await preparedDataDir("durable");
  dataDirs.push(dir);
  return dir;
}

async function start(dataDir: string, port: number): Promise<BuiltServer> {
  const server = await startBuiltServer({ dataDir, port });
  running.push(server);
  return server;
}

beforeAll(() => {
  buildServerIfNeeded();
});

afterEach(async () => {
  for (const server of running) await server.stop();
  running = [];
  for (const dir of dataDirs) {
    await removeDataDir(dir);
  }
  dataDirs = [];
});

/** Acknowledged writes: the account and a profile change, each answered 200 before the crash. */
async function writeSomething(server: BuiltServer) {
  const client = server.client();
  const user = await signUp(client, { name: "Durable Dan" });
  const patched = await client.patch("/api/profile", { focus: ["prayer", "brotherhood"] });
  expect(patched.status).toBe(200);
  return { user, cookie: client.cookies.get(SESSION_COOKIE)! };
}

async function expectWritesKept(server: BuiltServer, written: Awaited<ReturnType<typeof writeSomething>>) {
  const client = server.client();
  const signedIn = await signIn(client, written.user);
  expect(signedIn.status).toBe(200);
  const me = (await client.get("/api/me")).json();
  expect(me.user).toMatchObject({ id: written.user.id, email: written.user.email, name: "Durable Dan" });
  expect(me.profile.focus).toEqual(["prayer", "brotherhood"]);

  // The session from before the crash is still valid (the auth secret lives in DATA_DIR too).
  const returning = new TestClient(server.url);
  returning.cookies.set(SESSION_COOKIE, written.cookie);
  expect((await returning.get("/api/me")).json().user.id).toBe(written.user.id);
}

describe("the built server keeps acknowledged writes", () => {
  test("after the server process is SIGKILLed (its postmaster is orphaned), a restart on the same DATA_DIR works", async () => {
    const dataDir = await newDataDir();
    const port = await freePort();
    const first = await start(dataDir, port);
    const written = await writeSomething(first);

    const postmaster = postmasterPid(dataDir);
    expect(postmaster).not.toBeNull();
    await first.crash();
    // The database server outlived ours: this is the situation the restart must cope with.
    expect(processAlive(postmaster!)).toBe(true);

    const second = await start(dataDir, port);
    await expectWritesKept(second, written);
    expect(processAlive(postmaster!)).toBe(false);
    expect(postmasterPid(dataDir)).not.toBe(postmaster);
  });

  test("after the server and then its orphaned postmaster are SIGKILLed, the restart recovers the data", async () => {
    const dataDir = await newDataDir();
    const port = await freePort();
    const first = await start(dataDir, port);
    const written = await writeSomething(first);

    const postmaster = postmasterPid(dataDir)!;
    await first.crash();
    const workers = childrenOf(postmaster);
    expect(workers.length).toBeGreaterThan(0);
    process.kill(postmaster, "SIGKILL");
    // As after a power cut: nothing of the old database server is left when we start again.
    await waitUntil(
      () => [postmaster, ...workers].every((pid) => !processAlive(pid)),
      "the killed postgres processes to be gone",
    );

    const second = await start(dataDir, port);
    await expectWritesKept(second, written);
    const log = fs.readFileSync(path.join(dataDir, "postgres.log"), "utf8");
    expect(log).toMatch(/database system was interrupted|was not properly shut down/);
    expect(log).toMatch(/redo done|automatic recovery in progress/);
  });
});

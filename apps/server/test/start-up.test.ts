import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { journal } from "../src/db/migrate";
import { signIn, signUp } from "./helpers/auth";
import { buildServerIfNeeded, startBuiltServer, type BuiltServer } from "./helpers/built-server";
import { ops } from "./helpers/backup";
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from "./helpers/database";

/**
 * Issue 39: start-up and upgrades on one shared database (DATABASE_URL: the suite's PostgreSQL, Debian's 15 in CI's
 * second run). Migrations run under an advisory lock, so servers started together on a fresh database all come up; a
 * server older than the database's schema refuses to start; `npm run migrate` migrates alone.
 */

let running: BuiltServer[] = [];
let cleanup: Array<() => Promise<void> | void> = [];

beforeAll(() => buildServerIfNeeded());

afterEach(async () => {
  await Promise.all(running.map((server) => server.stop()));
  running = [];
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-startup-"));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function database(kind: "empty" | "migrated"): Promise<TestDatabase> {
  const db = kind === "empty" ? await createEmptyDatabase() : await createTestDatabase();
  cleanup.push(() => db.drop());
  return db;
}

async function migrationsApplied(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query("select count(*) as n from drizzle.__drizzle_migrations")).rows[0].n);
  } finally {
    await client.end();
  }
}

describe("servers started at the same moment on one fresh database", () => {
  // The first of them loads the Bible while the others wait: as long as a first start, and longer beside the suite.
  test.each([2, 4])("%i servers all come up, migrate once, and serve the same members", { timeout: 240_000 }, async (count) => {
    const { url } = await database("empty");
    // A shared secret, as servers behind one load balancer have: a session made on one is good on the others.
    const env = { DATABASE_URL: url, BETTER_AUTH_SECRET: "a-secret-the-servers-share-for-this-test-0123456789" };
    const starts = Array.from({ length: count }, () =>
      startBuiltServer({ dataDir: dataDir(), env, readyTimeoutMs: 180_000 }).then((server) => {
        running.push(server);
        return server;
      }),
    );
    const servers = await Promise.all(starts);
    expect(await migrationsApplied(url)).toBe(journal().length);
    for (const server of servers) expect(server.output()).not.toMatch(/deadlock detected|already exists/);

    const member = await signUp(servers[0]!.client(), { name: "One Database" });
    for (const server of servers.slice(1)) {
      const client = server.client();
      expect((await signIn(client, member)).status).toBe(200);
      expect((await client.get("/api/me")).json().user.name).toBe("One Database");
    }
  });
});

describe("upgrades", () => {
  test("a server older than the database's schema refuses to start, saying so", async () => {
    const { url } = await database("migrated");
    // The database as a later release leaves it: one migration this code does not have.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-later-release', $1)", [
      journal().at(-1)!.when + 86_400_000,
    ]);
    await client.end();

    const refused = startBuiltServer({ dataDir: dataDir(), env: { DATABASE_URL: url } });
    await expect(refused).rejects.toThrow(/schema is newer than this version of Shepherd: it has had \d+ migrations/);
    const migrate = await ops(["migrate"], { DATABASE_URL: url, DATA_DIR: dataDir() });
    expect(migrate.code).toBe(1);
    expect(migrate.output).toMatch(/schema is newer than this version of Shepherd/);
  });

  test("npm run migrate brings a fresh database up to date on its own, and says so", async () => {
    const { url } = await database("empty");
    const first = await ops(["migrate"], { DATABASE_URL: url, DATA_DIR: dataDir() });
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`Applied ${journal().length} migrations: the database is at ${journal().at(-1)!.tag}.`);
    const again = await ops(["migrate"], { DATABASE_URL: url, DATA_DIR: dataDir() });
    expect(again.output).toContain(`The database is up to date (migration ${journal().length}, ${journal().at(-1)!.tag}).`);
    // A server started after it has nothing left to do and serves at once.
    const server = await startBuiltServer({ dataDir: dataDir(), env: { DATABASE_URL: url } });
    running.push(server);
    expect((await server.client().get("/api/health/ready")).status).toBe(200);
  });
});

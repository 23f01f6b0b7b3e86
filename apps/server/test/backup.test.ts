import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import * as tar from "tar";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { runScheduledBackup } from "../src/backup/schedule";
import { loadConfig } from "../src/config";
import { journal } from "../src/db/migrate";
import { createLogger } from "../src/logger";
import { setAdmin } from "../src/modules/admin/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { makePremium, signIn, signUp } from "./helpers/auth";
import { expectMemberStory, ops, writeMemberStory, type MemberStory } from "./helpers/backup";
import { buildServerIfNeeded, waitUntil } from "./helpers/built-server";
import { brief, waitForPlan } from "./helpers/custom-plans";
import { startFakeOpenAi } from "./helpers/fake-openai";
import { createEmptyDatabase, type TestDatabase } from "./helpers/database";

/**
 * Issue 39: `npm run backup` and `npm run restore` (apps/server/dist/ops.js, which the npm scripts run) on the suite's
 * PostgreSQL: the embedded one, and Debian's PostgreSQL 15 in CI's second run. The embedded round trip with the built
 * server, its own cluster and a restore onto another path is embedded-backup.test.ts.
 */

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

beforeAll(() => buildServerIfNeeded());

function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shepherd-${label}-`));
  fs.chmodSync(dir, 0o755);
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createEmptyDatabase();
  cleanup.push(() => database.drop());
  return database;
}

async function appWithMember(env: Record<string, string> = {}): Promise<{ app: TestApp; story: MemberStory }> {
  const app = await startTestApp({ env });
  cleanup.push(() => app.close());
  return { app, story: await writeMemberStory(app.client()) };
}

describe("npm run backup, then npm run restore", () => {
  // The restored app's first start loads the Bible (not in the archive): the slowest part, longer beside the suite.
  test(
    "a member's journal, avatar and plan come back in a new database and DATA_DIR, and he signs in",
    { timeout: 180_000 },
    async () => {
      const { app, story } = await appWithMember();
      const archive = path.join(tempDir("archives"), "shepherd.tar.gz");
      const backup = await ops(["backup", archive], { DATABASE_URL: app.database.url, DATA_DIR: app.dataDir });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/Backup written: .*shepherd\.tar\.gz/);
      // The archive holds members' journals and the key that signs sessions: only its owner may read it.
      expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
      const secret = fs.readFileSync(path.join(app.dataDir, "auth-secret"), "utf8");
      await app.close(); // the data is gone: its database dropped, its DATA_DIR deleted

      const database = await emptyDatabase();
      const dataDir = path.join(tempDir("restored"), "data");
      const restore = await ops(["restore", archive], { DATABASE_URL: database.url, DATA_DIR: dataDir });
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/Restored .*shepherd\.tar\.gz/);
      expect(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(secret);

      const restored = await startTestApp({ database, dataDir });
      cleanup.push(() => restored.close());
      await expectMemberStory(restored.client(), story);
    },
  );

  test("the archive's manifest says what it holds: app version, schema, PostgreSQL major, time", async () => {
    const { app } = await appWithMember();
    const dir = tempDir("archives");
    const archive = path.join(dir, "shepherd.tar.gz");
    expect((await ops(["backup", archive], { DATABASE_URL: app.database.url, DATA_DIR: app.dataDir })).code).toBe(0);
    await tar.extract({ file: archive, cwd: dir });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
    const version = (await app.ctx.pool.query<{ num: string }>("select current_setting('server_version_num') as num")).rows[0]!;
    expect(manifest).toMatchObject({
      format: "shepherd-backup",
      appVersion: JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../../package.json"), "utf8")).version,
      schema: { migrations: journal().length, tag: journal().at(-1)!.tag },
      postgres: { major: Math.floor(Number(version.num) / 10_000) },
      database: { kind: "external" },
      storage: { kind: "local", files: expect.any(Number) },
    });
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(10 * 60_000);
    expect(manifest.secrets).toContainEqual({ file: "auth-secret", included: true, note: null });
    const users = manifest.tables.find((t: { name: string }) => t.name === "users");
    expect(users.rows).toBeGreaterThanOrEqual(1);
  });

  test("restore refuses a database that holds data, and a DATA_DIR that holds files, changing nothing", async () => {
    const { app } = await appWithMember();
    const archive = path.join(tempDir("archives"), "shepherd.tar.gz");
    expect((await ops(["backup", archive], { DATABASE_URL: app.database.url, DATA_DIR: app.dataDir })).code).toBe(0);
    const before = (await app.ctx.pool.query("select count(*)::int as n from users")).rows[0].n;

    const intoLive = await ops(["restore", archive], { DATABASE_URL: app.database.url, DATA_DIR: tempDir("empty") });
    expect(intoLive.code).toBe(1);
    expect(intoLive.output).toMatch(/Not restoring: the database already has \d+ tables\. Restore into an empty database/);
    expect((await app.ctx.pool.query("select count(*)::int as n from users")).rows[0].n).toBe(before);

    const database = await emptyDatabase();
    const intoFiles = await ops(["restore", archive], { DATABASE_URL: database.url, DATA_DIR: app.dataDir });
    expect(intoFiles.code).toBe(1);
    expect(intoFiles.output).toMatch(/storage already holds files\. Restore into an empty DATA_DIR/);
  });

  test("restore refuses an archive from a newer schema, saying which release can", async () => {
    const { app } = await appWithMember();
    const dir = tempDir("archives");
    const archive = path.join(dir, "shepherd.tar.gz");
    expect((await ops(["backup", archive], { DATABASE_URL: app.database.url, DATA_DIR: app.dataDir })).code).toBe(0);
    // The same archive as a later release would write it: one migration more than this code has.
    const unpacked = tempDir("unpacked");
    await tar.extract({ file: archive, cwd: unpacked });
    const manifestFile = path.join(unpacked, "manifest.json");
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
    manifest.schema = { migrations: journal().length + 1, tag: "9999_from_the_future" };
    manifest.appVersion = "9.9.9";
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const newer = path.join(dir, "newer.tar.gz");
    await tar.create({ gzip: true, file: newer, cwd: unpacked }, fs.readdirSync(unpacked));

    const database = await emptyDatabase();
    const refused = await ops(["restore", newer], { DATABASE_URL: database.url, DATA_DIR: path.join(tempDir("r"), "data") });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/schema is newer than this version of Shepherd: it is at 9999_from_the_future/);
    expect(refused.output).toMatch(/Restore it with Shepherd 9\.9\.9 or later/);
    const tables = new pg.Client({ connectionString: database.url });
    await tables.connect();
    expect((await tables.query("select count(*)::int as n from pg_tables where schemaname = 'public'")).rows[0].n).toBe(0);
    await tables.end();
  });

  test("a file that is not an archive is refused with a message", async () => {
    const bogus = path.join(tempDir("archives"), "notes.tar.gz");
    fs.writeFileSync(bogus, "these are not the backups you are looking for");
    const database = await emptyDatabase();
    const refused = await ops(["restore", bogus], { DATABASE_URL: database.url, DATA_DIR: path.join(tempDir("r"), "data") });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is not a Shepherd backup archive/);
  });
});

describe("after a restore", () => {
  test(
    "a plan still being written when the backup was taken is written by the restored server",
    { timeout: 180_000 },
    async () => {
      // The model never answers: the plan stays "generating" while the backup is taken.
      const fake = await startFakeOpenAi();
      cleanup.push(() => fake.close());
      fake.reply("hang");
      const app = await startTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "sk-test-plan", AI_MODEL: "fake-model" } });
      cleanup.push(() => app.close());
      const client = app.client();
      const member = await signUp(client);
      await makePremium(app.db, member.id);
      const created = await client.post("/api/path/custom-plans", brief({ days: 3 }));
      expect(created.status, created.text).toBe(201);
      const planId = created.json().plan_id as string;
      await waitUntil(() => fake.requests.length > 0, "the plan's writing to begin");
      const archive = path.join(tempDir("archives"), "mid-plan.tar.gz");
      expect((await ops(["backup", archive], { DATABASE_URL: app.database.url, DATA_DIR: app.dataDir })).code).toBe(0);
      await app.close();

      // The archive holds the plan as "generating" but no job queue: the restored server (offline writer) queues it again.
      const database = await emptyDatabase();
      const dataDir = path.join(tempDir("restored"), "data");
      expect((await ops(["restore", archive], { DATABASE_URL: database.url, DATA_DIR: dataDir })).code).toBe(0);
      const restored = await startTestApp({ database, dataDir });
      cleanup.push(() => restored.close());
      const again = restored.client();
      expect((await signIn(again, member)).status).toBe(200);
      expect((await waitForPlan(again, planId, 30_000)).status).toBe("ready");
    },
  );
});

describe("scheduled backups (BACKUP_DIR, BACKUP_KEEP)", () => {
  test("each run writes an archive, the newest BACKUP_KEEP stay, and Admin Health shows the last one's time and size", async () => {
    const backupDir = tempDir("scheduled");
    const { app } = await appWithMember({ BACKUP_DIR: backupDir, BACKUP_KEEP: "2" });
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: app.dataDir, BACKUP_DIR: backupDir, BACKUP_KEEP: "2" });
    const log = createLogger("silent");
    const days = ["2026-11-28T03:05:00Z", "2026-11-29T03:05:00Z", "2026-11-30T03:05:00Z"];
    let last = { file: "", bytes: 0 };
    for (const day of days)
      last = await runScheduledBackup({ config, databaseUrl: app.database.url, db: app.db, log, now: new Date(day) });
    expect(fs.readdirSync(backupDir).sort()).toEqual(["shepherd-20261129T030500Z.tar.gz", "shepherd-20261130T030500Z.tar.gz"]);
    expect(last.bytes).toBe(fs.statSync(last.file).size);

    const admin = app.client();
    const user = await signUp(admin);
    await setAdmin(app.db, user.email, true);
    const health = (await admin.get("/api/admin/health")).json();
    expect(health.backups).toMatchObject({
      scheduled: true,
      dir: backupDir,
      keep: 2,
      last: { file: last.file, bytes: last.bytes, error: null, running: false },
    });
  });

  test("unsetting BACKUP_DIR ends the daily schedule, which pg-boss keeps in the database", async () => {
    const { app } = await appWithMember({ BACKUP_DIR: tempDir("scheduled") });
    const schedules = async () =>
      (await app.ctx.pool.query<{ cron: string }>("select cron from pgboss.schedule where name = 'backup'")).rows;
    expect(await schedules()).toEqual([{ cron: "5 3 * * *" }]);
    // The same database started again without it (the next release, a changed configuration).
    const again = await startTestApp({ database: app.database });
    cleanup.push(() => again.close());
    expect(await schedules()).toEqual([]);
  });

  test("without BACKUP_DIR Admin Health says scheduled backups are off", async () => {
    const { app } = await appWithMember();
    const admin = app.client();
    const user = await signUp(admin);
    await setAdmin(app.db, user.email, true);
    expect((await admin.get("/api/admin/health")).json().backups).toEqual({ scheduled: false });
  });
});

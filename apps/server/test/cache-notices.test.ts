import type pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { PlanSummary } from "@shepherd/shared";
import { SESSION_CACHE_READS } from "../src/auth/session-cache";
import { memberRowsKinds } from "../src/db/member-rows";
import type { CacheReads } from "../src/db/noticed-cache";
import { setAdmin } from "../src/modules/admin/service";
import { STARTER_OUTLINES_READS } from "../src/modules/path/outlines";
import { finishedOnboarding } from "../src/modules/profiles/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson, signUp } from "./helpers/auth";
import { behindTheTriggers } from "./helpers/database";

// Issue 40: every cache a process keeps of database rows is ended by PostgreSQL's notices for every table it reads, so
// a change made on one machine is seen on every other at once. Each cache says beside itself what it reads
// (`CacheReads`); this file checks, in the migrated database, that each of those tables has a trigger notifying the
// cache's channel on insert, delete and update of each column read (or a reason written beside the read why one
// cannot matter), and shows two of them at work across two processes.

let app: TestApp;
let other: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  // A second server process on the same database.
  other = await startTestApp({ database: app.database });
});
afterAll(async () => {
  await other?.close();
  await app?.close();
});

const WAIT = { timeout: 10_000, interval: 50 };

/** pg_trigger.tgtype's bits (PostgreSQL's catalog/pg_trigger.h). */
const BEFORE = 2;
const INSERT = 4;
const DELETE = 8;
const UPDATE = 16;
const INSTEAD = 64;

interface TriggerRow {
  name: string;
  type: number;
  /** The columns of UPDATE OF; null when any update fires it. */
  columns: string[] | null;
  source: string;
}

/**
 * What a cache's declared reads leave without a notice, one line each ("profiles.onboarding_completed_at: an update"):
 * for each table, the enabled AFTER triggers whose function names the cache's channel must fire on insert, delete and
 * an update of every column read.
 */
async function unnoticed(db: pg.Pool | pg.PoolClient, reads: CacheReads): Promise<string[]> {
  const found: string[] = [];
  for (const [table, read] of Object.entries(reads.tables)) {
    const existing = await db.query<{ name: string }>(
      "select attname as name from pg_attribute where attrelid = to_regclass($1) and attnum > 0 and not attisdropped",
      [table],
    );
    if (existing.rows.length === 0) {
      found.push(`${table}: no such table`);
      continue;
    }
    const columns = new Set(existing.rows.map((r) => r.name));
    for (const column of read.columns) if (!columns.has(column)) found.push(`${table}.${column}: no such column`);
    const triggers = await db.query<TriggerRow>(
      `select t.tgname as name, t.tgtype as type, p.prosrc as source,
         (select array_agg(a.attname::text) from unnest(t.tgattr::int2[]) k
           join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k) as columns
       from pg_trigger t join pg_proc p on p.oid = t.tgfoid
       where t.tgrelid = to_regclass($1) and not t.tgisinternal and t.tgenabled <> 'D'`,
      [table],
    );
    const notifying = triggers.rows.filter((t) => (t.type & (BEFORE | INSTEAD)) === 0 && t.source.includes(`'${reads.channel}'`));
    const on = (event: number) => notifying.filter((t) => (t.type & event) !== 0);
    if (on(INSERT).length === 0 && !read.unnoticed?.insert) found.push(`${table}: an insert`);
    if (on(DELETE).length === 0 && !read.unnoticed?.delete) found.push(`${table}: a delete`);
    for (const column of read.columns) {
      if (!on(UPDATE).some((t) => t.columns === null || t.columns.includes(column))) {
        found.push(`${table}.${column}: an update`);
      }
    }
  }
  return found;
}

const kind = (name: string) => memberRowsKinds().find((k) => k.name === name)!;

describe("every table a cache reads notifies it", () => {
  test("the kinds of member rows are the ones this file knows", () => {
    expect(memberRowsKinds().map((k) => k.name)).toEqual(expect.arrayContaining(["path", "insights", "onboarded"]));
  });

  const caches: Array<[string, CacheReads]> = [
    ["sessions", SESSION_CACHE_READS],
    ["starter outlines", STARTER_OUTLINES_READS],
    ...memberRowsKinds().map((k): [string, CacheReads] => [`member rows: ${k.name}`, k.reads]),
  ];
  test.each(caches)("%s", async (_name, reads) => {
    expect(await unnoticed(app.ctx.pool, reads)).toEqual([]);
  });

  test("a read with no notice is found: without profiles' trigger, onboarding and time zones are unnoticed", async () => {
    const client = await app.ctx.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("DROP TRIGGER profiles_notify_member_rows ON profiles");
      expect(await unnoticed(client, kind("onboarded").reads)).toEqual([
        "profiles: an insert",
        "profiles: a delete",
        "profiles.id: an update",
        "profiles.onboarding_completed_at: an update",
      ]);
      expect(await unnoticed(client, kind("path").reads)).toContain("profiles.time_zone: an update");
      expect(
        await unnoticed(client, { channel: "shepherd_elsewhere", tables: { profiles: { columns: ["nothing_here"] } } }),
      ).toEqual([
        "profiles.nothing_here: no such column",
        "profiles: an insert",
        "profiles: a delete",
        "profiles.nothing_here: an update",
      ]);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });
});

describe("a change made through one process is seen by the other at once", () => {
  test("he finished onboarding: the other process's member hint says so", async () => {
    const { id } = await newPerson(app);
    const onOther = () => finishedOnboarding(other.db, { userId: id, kept: other.ctx.memberRows });
    expect(await onOther()).toBe(false);
    // Kept there: a change no trigger tells of is not seen...
    await behindTheTriggers(app.ctx.pool, "UPDATE profiles SET onboarding_completed_at = now() WHERE id = $1", [id]);
    expect(await onOther()).toBe(false);
    // ...and the same change written as any statement is (onboarding's own route writes this column).
    await app.ctx.pool.query("UPDATE profiles SET onboarding_completed_at = now() WHERE id = $1", [id]);
    await vi.waitFor(async () => expect(await onOther()).toBe(true), WAIT);
  });

  test("a starter plan's cover drawn on one shows in the other's library", async () => {
    const adminClient = app.client();
    const admin = await signUp(adminClient, { name: "Cover Admin" });
    await setAdmin(app.db, admin.email, true);
    await app.ctx.sessions.sync();
    const { client: member } = await newPerson(other);
    const library = async () => (await member.get("/api/path/plans")).json() as PlanSummary[];
    const [plan] = await library();
    // The other process keeps the library: a change no trigger tells of is not seen there.
    await behindTheTriggers(app.ctx.pool, "UPDATE plans SET promise = 'Unseen' WHERE id = $1", [plan!.id]);
    expect((await library()).find((p) => p.id === plan!.id)!.promise).toBe(plan!.promise);

    const drawn = await adminClient.post(`/api/admin/images/plans/${plan!.id}`);
    expect(drawn.status, drawn.text).toBe(201);
    const { image_url } = drawn.json() as { image_url: string };
    await vi.waitFor(async () => expect((await library()).find((p) => p.id === plan!.id)!.image_url).toBe(image_url), WAIT);
  });
});

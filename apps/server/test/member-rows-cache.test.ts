import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createMemberRows, MEMBER_ROWS_CHANNEL } from "../src/db/member-rows";
import { createLogger } from "../src/logger";
import { createPgListener } from "../src/realtime/listener";
import { startTestApp, type TestApp } from "./helpers/app";
import { behindTheTriggers } from "./helpers/database";
import { newPerson } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

// Each process keeps a member's own rows that nearly every visit reads (db/member-rows.ts): the plans he follows with
// the days he completed, and the days his insights chart. PostgreSQL's triggers (migration 0023) end an entry when his
// rows change, whoever changed them; his own writes end it before they answer. These tests show the rows are really
// kept, and that every way they can change reaches the next read.

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

interface MyPlans {
  active: Array<{ id: string; enrollment: { status: string; completed_count: number } }>;
}

/** A new member following the library's first plan. */
async function follower(): Promise<{ client: TestClient; id: string; planId: string }> {
  const person = await newPerson(app);
  const library = (await person.client.get("/api/path/plans")).json() as Array<{ id: string }>;
  const planId = library[0]!.id;
  expect((await person.client.post(`/api/path/plans/${planId}/follow`, {})).status).toBe(201);
  return { ...person, planId };
}

const myPlan = async (client: TestClient) => {
  const res = await client.get("/api/path");
  expect(res.status).toBe(200);
  return (res.json() as MyPlans).active[0]!;
};

describe("a member's rows kept in each process", () => {
  test("The Path reads his rows once and keeps them; a notice for him ends them", async () => {
    const { client, id } = await follower();
    expect((await myPlan(client)).enrollment.status).toBe("active");
    // Changed in the database without a notice: this process still answers what it kept, which shows it no longer reads.
    await behindTheTriggers(
      app.ctx.pool,
      "UPDATE plan_enrollments SET status = 'paused', paused_on = current_date WHERE user_id = $1",
      [id],
    );
    expect((await myPlan(client)).enrollment.status).toBe("active");
    const page = (await client.get(`/api/path/plans/${(await myPlan(client)).id}`)).json() as { enrollment: { status: string } };
    expect(page.enrollment.status).toBe("active");
    // The notice the trigger would have sent ends it.
    await app.ctx.pool.query("SELECT pg_notify($1, $2)", [MEMBER_ROWS_CHANNEL, `u:${id}`]);
    await vi.waitFor(async () => expect((await myPlan(client)).enrollment.status).toBe("paused"), WAIT);
  });

  test("his own write is in his very next read, on My plans and on the plan's page, before any notice", async () => {
    const { client, planId } = await follower();
    // No notices for these tables meanwhile (this file's database is its own): what ends his rows is his write alone.
    const triggers = async (action: "DISABLE" | "ENABLE") => {
      for (const table of ["plan_day_completions", "plan_enrollments"]) {
        await app.ctx.pool.query(`ALTER TABLE ${table} ${action} TRIGGER ${table}_notify_member_rows`);
      }
    };
    await triggers("DISABLE");
    try {
      for (let round = 0; round < 3; round++) {
        expect((await myPlan(client)).enrollment.completed_count).toBe(0);
        expect((await client.post(`/api/path/plans/${planId}/days/1/complete`)).status).toBe(200);
        expect((await myPlan(client)).enrollment.completed_count).toBe(1);
        const page = (await client.get(`/api/path/plans/${planId}`)).json() as { days: Array<{ completed: boolean }> };
        expect(page.days[0]!.completed).toBe(true);
        expect((await client.delete(`/api/path/plans/${planId}/days/1/complete`)).status).toBe(200);
      }
      expect((await client.delete(`/api/path/plans/${planId}/follow`)).status).toBe(200);
      expect(((await client.get("/api/path")).json() as MyPlans).active).toEqual([]);
    } finally {
      await triggers("ENABLE");
    }
  });

  test("a change made by another process, or by hand, reaches this one", async () => {
    const { client, id } = await follower();
    expect((await myPlan(client)).enrollment.completed_count).toBe(0);
    // Written by the other process's connection (as its API, a job or a statement typed by hand would).
    await other.ctx.pool.query(
      `INSERT INTO plan_day_completions (enrollment_id, plan_day_id, user_id, completed_on)
       SELECT e.id, d.id, e.user_id, current_date FROM plan_enrollments e
       JOIN plan_days d ON d.plan_id = e.plan_id AND d.day_number = 1 WHERE e.user_id = $1`,
      [id],
    );
    await vi.waitFor(async () => expect((await myPlan(client)).enrollment.completed_count).toBe(1), WAIT);
    // Then removed, and his enrollment paused.
    await other.ctx.pool.query(
      "DELETE FROM plan_day_completions WHERE enrollment_id IN (SELECT id FROM plan_enrollments WHERE user_id = $1)",
      [id],
    );
    await vi.waitFor(async () => expect((await myPlan(client)).enrollment.completed_count).toBe(0), WAIT);
    await other.ctx.pool.query("UPDATE plan_enrollments SET status = 'paused', paused_on = current_date WHERE user_id = $1", [
      id,
    ]);
    await vi.waitFor(async () => expect((await myPlan(client)).enrollment.status).toBe("paused"), WAIT);
  });

  test("one member's change leaves another's kept rows alone, and never shows him the other's", async () => {
    const a = await follower();
    const b = await follower();
    expect((await myPlan(a.client)).enrollment.completed_count).toBe(0);
    expect((await myPlan(b.client)).enrollment.completed_count).toBe(0);
    await behindTheTriggers(
      app.ctx.pool,
      "UPDATE plan_enrollments SET status = 'paused', paused_on = current_date WHERE user_id = $1",
      [a.id],
    );
    expect((await b.client.post(`/api/path/plans/${b.planId}/days/1/complete`)).status).toBe(200);
    // B's write ended B's rows, not A's (A still reads what was kept before the change behind the triggers).
    expect((await myPlan(b.client)).enrollment.completed_count).toBe(1);
    expect((await myPlan(a.client)).enrollment.status).toBe("active");
    expect((await myPlan(a.client)).enrollment.completed_count).toBe(0);
  });

  test("the insights' charts are kept; his check-in is in his next read, another process's change soon after", async () => {
    const { client, id } = await newPerson(app);
    const days = async () => {
      const res = await client.get("/api/insights/data?range=4w");
      expect(res.status).toBe(200);
      return (res.json() as { days: Array<{ checked_in: boolean; mood: string | null }> }).days;
    };
    expect(await days()).toEqual([]);
    await app.ctx.pool.query("ALTER TABLE daily_checkins DISABLE TRIGGER daily_checkins_notify_member_rows");
    try {
      const saved = await client.request("PUT", "/api/checkins/today", { json: { mood: "good", spiritual_connection: 70 } });
      expect(saved.status).toBe(200);
      expect(await days()).toMatchObject([{ checked_in: true, mood: "good" }]);
    } finally {
      await app.ctx.pool.query("ALTER TABLE daily_checkins ENABLE TRIGGER daily_checkins_notify_member_rows");
    }
    await other.ctx.pool.query("UPDATE daily_checkins SET mood = 'great' WHERE user_id = $1", [id]);
    await vi.waitFor(async () => expect(await days()).toMatchObject([{ mood: "great" }]), WAIT);
    // Kept: a change no trigger tells of is not seen until a notice for him comes.
    await behindTheTriggers(app.ctx.pool, "UPDATE daily_checkins SET mood = 'struggling' WHERE user_id = $1", [id]);
    expect(await days()).toMatchObject([{ mood: "great" }]);
    await app.ctx.pool.query("SELECT pg_notify($1, $2)", [MEMBER_ROWS_CHANNEL, `u:${id}`]);
    await vi.waitFor(async () => expect(await days()).toMatchObject([{ mood: "struggling" }]), WAIT);
    await other.ctx.pool.query("DELETE FROM daily_checkins WHERE user_id = $1", [id]);
    await vi.waitFor(async () => expect(await days()).toEqual([]), WAIT);
  });

  test("what is kept is bounded by its weight: the oldest entries go first; a value heavier than the bound is not kept", async () => {
    const log = createLogger("silent");
    const listener = createPgListener({ pool: app.ctx.pool, log });
    await listener.start();
    try {
      const rows = createMemberRows({ pool: app.ctx.pool, listener, log, entrySeconds: 60, maxBytes: 10_000 });
      // Made by hand, not declared: it reads no table.
      const kind = { name: "k", reads: { channel: MEMBER_ROWS_CHANNEL, tables: {} } };
      let loads = 0;
      // About 4 KB each, as weighed: 2 bytes a character.
      const read = (userId: string, value = "x".repeat(2000)) =>
        rows.read(userId, kind, async () => {
          loads += 1;
          return value;
        });
      await read("a");
      await read("b");
      await read("a");
      expect([loads, rows.size()]).toEqual([2, 2]);
      await read("c"); // three would weigh more than 10 KB: "a", the oldest, goes
      expect(rows.size()).toBe(2);
      expect(rows.bytes()).toBeLessThanOrEqual(10_000);
      await read("b");
      expect(loads).toBe(3);
      await read("a");
      expect(loads).toBe(4);
      await read("d", "y".repeat(6000)); // about 12 KB: read, never kept
      await read("d", "y".repeat(6000));
      expect(loads).toBe(6);
      expect(rows.bytes()).toBeLessThanOrEqual(10_000);
    } finally {
      await listener.close();
    }
  });
});

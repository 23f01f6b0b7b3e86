import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AdminDashboard } from "@shepherd/shared/admin";
import { schema } from "../src/db/client";
import { ACTIVE_DAYS_CRON } from "../src/modules/admin/jobs";
import { QUEUES } from "../src/jobs/queue";
import { rollUpRecentDays } from "../src/modules/admin/active-days";
import { setAdmin } from "../src/modules/admin/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp, uniqueEmail } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

// Issue 17: the dashboard's active members come from a roll-up of finished days and, for today, from each member's
// last active day. Whatever the path, the numbers must be those of counting the events one by one.

const DAY = 24 * 60 * 60 * 1000;
const todayMidnight = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

let app: TestApp;
let admin: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  const user = await signUp(admin, { name: "Admin Person" });
  await setAdmin(app.db, user.email, true);
  await app.ctx.sessions.sync();
});
afterAll(async () => {
  await app?.close();
});

async function seedMember(): Promise<string> {
  const id = randomUUID();
  await app.db.insert(schema.users).values({ id, name: "Seeded Member", email: uniqueEmail("active") });
  return id;
}

/** Each day's members with an event that day, in the 7 days and in the 30 days ending on it: counted one by one. */
async function countedByHand(days: string[]) {
  const events = await app.db.execute<{ user_id: string; day: string }>(
    sql`select user_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from activity_events`,
  );
  const within = (day: string, width: number) => {
    const last = Date.parse(`${day}T00:00:00Z`);
    const first = dayOf(new Date(last - (width - 1) * DAY));
    return new Set(events.rows.filter((e) => e.day >= first && e.day <= day).map((e) => e.user_id)).size;
  };
  return {
    daily_active: days.map((d) => within(d, 1)),
    weekly_active: days.map((d) => within(d, 7)),
    monthly_active: days.map((d) => within(d, 30)),
  };
}

async function dashboard(range: 7 | 30 | 90): Promise<AdminDashboard> {
  const res = await admin.get(`/api/admin/dashboard?range=${range}`);
  expect(res.status).toBe(200);
  return res.json() as AdminDashboard;
}

const active = (d: AdminDashboard) => ({
  daily_active: d.series.daily_active,
  weekly_active: d.series.weekly_active,
  monthly_active: d.series.monthly_active,
});

describe("the dashboard's active members", () => {
  test("the nightly roll-up is scheduled, counts the finished days of the longest range once, and never today", async () => {
    const schedules = await app.db.execute<{ name: string; cron: string }>(sql`select name, cron from pgboss.schedule`);
    expect(schedules.rows).toContainEqual({ name: QUEUES.activeDays, cron: ACTIVE_DAYS_CRON });

    expect(await rollUpRecentDays(app.db)).toBe(89);
    expect(await rollUpRecentDays(app.db)).toBe(0);
    const stored = await app.db.select({ day: schema.adminActiveDays.day }).from(schema.adminActiveDays);
    expect(stored.map((r) => r.day)).not.toContain(dayOf(new Date()));
  });

  test("are what counting the events one by one gives, for each range, on the first read and from the roll-up", async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => seedMember()));
    // A fixed spread over 70 days (some before the 90-day range's lead-in is needed, some on day edges), several
    // events on some member-days; then today's.
    const events: Array<{ userId: string; actionType: string; createdAt: Date }> = [];
    members.forEach((userId, i) => {
      for (let back = 1; back <= 70; back++) {
        if ((i * 7 + back * 3) % 11 < 3) {
          const midnight = todayMidnight() - back * DAY;
          events.push({ userId, actionType: "page_view", createdAt: new Date(midnight) });
          if (back % 4 === 0) events.push({ userId, actionType: "complete", createdAt: new Date(midnight + DAY - 1) });
        }
      }
      if (i % 3 === 0) events.push({ userId, actionType: "page_view", createdAt: new Date(Date.now() - 1000) });
    });
    await app.db.insert(schema.activityEvents).values(events);

    for (const range of [7, 30, 90] as const) {
      const first = await dashboard(range);
      expect(active(first)).toEqual(await countedByHand(first.days));
      const again = await dashboard(range);
      expect(active(again)).toEqual(active(first));
    }
    const today = await dashboard(7);
    expect(today.series.daily_active.at(-1)).toBe(4);
  });

  test("an event dated in the past changes the days it falls in, and a member's activity today counts at once", async () => {
    const before = await dashboard(30);
    const latecomer = await seedMember();
    await app.db
      .insert(schema.activityEvents)
      .values({ userId: latecomer, actionType: "page_view", createdAt: new Date(todayMidnight() - 10 * DAY + 3600_000) });
    const after = await dashboard(30);
    expect(active(after)).toEqual(await countedByHand(after.days));
    const delta = (metric: "daily_active" | "weekly_active" | "monthly_active", back: number) =>
      after.series[metric].at(-1 - back)! - before.series[metric].at(-1 - back)!;
    expect([11, 10, 9].map((back) => delta("daily_active", back))).toEqual([0, 1, 0]);
    expect([11, 10, 4, 3].map((back) => delta("weekly_active", back))).toEqual([0, 1, 1, 0]);
    expect([11, 10, 0].map((back) => delta("monthly_active", back))).toEqual([0, 1, 1]);

    await app.db.insert(schema.activityEvents).values({ userId: latecomer, actionType: "page_view" });
    const later = await dashboard(30);
    expect(later.series.daily_active.at(-1)).toBe(after.series.daily_active.at(-1)! + 1);
    expect(later.series.weekly_active.at(-1)).toBe(after.series.weekly_active.at(-1)! + 1);
    expect(later.series.monthly_active.at(-1)).toBe(after.series.monthly_active.at(-1));
  });
});

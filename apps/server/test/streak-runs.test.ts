import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { STREAK_LOOKBACK_DAYS } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { streakSql } from "../src/modules/devotional/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";
import { seeded } from "./helpers/random";
import { addDays, checkedInOn, completedOn } from "./helpers/today";

/**
 * streak_runs (migration 0021) is derived data kept by triggers: after any write to his check-ins or his devotionals'
 * progress, his runs must be exactly the runs of consecutive days he kept, and the streak read from them must be the
 * spec's streak counted from his days.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const { dailyCheckins, devotionalProgress, devotionals, streakRuns, users } = schema;
const BASE = "2026-01-01";

/** His kept days (a completed devotional or a check-in), read from the rows themselves, sorted. */
async function keptDays(userId: string): Promise<string[]> {
  const progress = await app.db
    .select({ day: devotionalProgress.progressDate })
    .from(devotionalProgress)
    .where(and(eq(devotionalProgress.userId, userId), eq(devotionalProgress.completed, true)));
  const checkins = await app.db
    .select({ day: dailyCheckins.checkInDate })
    .from(dailyCheckins)
    .where(eq(dailyCheckins.userId, userId));
  return [...new Set([...progress, ...checkins].map((r) => r.day))].sort();
}

/** The runs of consecutive days in a sorted list of days. */
function runsOf(days: string[]): Array<[string, string]> {
  const runs: Array<[string, string]> = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/** Spec section 4, counted from the days: the newest run of days within the last 365, if it reaches yesterday. */
function streakFromDays(days: string[], today: string): number {
  const window = days.filter((d) => d > addDays(today, -STREAK_LOOKBACK_DAYS) && d <= today);
  const newest = window.at(-1);
  if (!newest || newest < addDays(today, -1)) return 0;
  let count = 0;
  for (let d = newest; window.includes(d); d = addDays(d, -1)) count++;
  return count;
}

async function storedRuns(userId: string): Promise<Array<[string, string]>> {
  const rows = await app.db.select().from(streakRuns).where(eq(streakRuns.userId, userId)).orderBy(streakRuns.firstDay);
  return rows.map((r) => [r.firstDay, r.lastDay]);
}

async function streakOn(userId: string, today: string): Promise<number> {
  const result = await app.db.execute<{ streak: number }>(streakSql(sql`${userId}`, sql`${today}::date`));
  return Number(result.rows[0]!.streak);
}

async function expectRunsKept(userId: string, step: string) {
  const days = await keptDays(userId);
  expect(await storedRuns(userId), step).toEqual(runsOf(days));
  for (const offset of [0, 5, 13, 20, 27, 39, 41]) {
    const today = addDays(BASE, offset);
    expect(await streakOn(userId, today), `${step}: streak on ${today}`).toBe(streakFromDays(days, today));
  }
}

test("his runs follow every kind of write to his check-ins and devotionals, one day or many at a time", async () => {
  const { id: userId } = await newPerson(app);
  const pick = seeded(20261127);
  const day = () => addDays(BASE, pick(40));
  for (let step = 0; step < 120; step++) {
    const kind = pick(6);
    const checkins = (await app.db.select().from(dailyCheckins).where(eq(dailyCheckins.userId, userId))).map(
      (r) => r.checkInDate,
    );
    const devotionalDays = (await app.db.select().from(devotionals).where(eq(devotionals.userId, userId))).map(
      (r) => r.devotionalDate,
    );
    let label: string;
    if (kind === 0) {
      // Several check-ins in one statement.
      const days = [...new Set([day(), day(), day()])].filter((d) => !checkins.includes(d));
      await checkedInOn(app.db, userId, days);
      label = `check-ins on ${days.join(", ")}`;
    } else if (kind === 1 && checkins.length) {
      const gone = checkins[pick(checkins.length)]!;
      await app.db.delete(dailyCheckins).where(and(eq(dailyCheckins.userId, userId), eq(dailyCheckins.checkInDate, gone)));
      label = `check-in of ${gone} deleted`;
    } else if (kind === 2) {
      const days = [...new Set([day(), day()])].filter((d) => !devotionalDays.includes(d));
      await completedOn(app.db, userId, days, pick(3) > 0);
      label = `devotionals on ${days.join(", ")}`;
    } else if (kind === 3 && devotionalDays.length) {
      // Completed, or (as no route does, but a repair might) no longer completed.
      const changed = devotionalDays[pick(devotionalDays.length)]!;
      const completed = pick(2) === 0;
      await app.db
        .update(devotionalProgress)
        .set({ completed })
        .where(and(eq(devotionalProgress.userId, userId), eq(devotionalProgress.progressDate, changed)));
      label = `devotional of ${changed} completed: ${completed}`;
    } else if (kind === 4 && devotionalDays.length) {
      // The devotional goes, and its progress with it (the cascade).
      const gone = devotionalDays[pick(devotionalDays.length)]!;
      await app.db.delete(devotionals).where(and(eq(devotionals.userId, userId), eq(devotionals.devotionalDate, gone)));
      label = `devotional of ${gone} deleted`;
    } else {
      // A write that changes no kept day: the slider, on every row at once.
      await app.db
        .update(devotionalProgress)
        .set({ spiritualConnection: pick(100) })
        .where(eq(devotionalProgress.userId, userId));
      label = "slider moved";
    }
    await expectRunsKept(userId, `step ${step} (${label})`);
  }
});

test("a run reaching back more than a year counts 365, and only a run holding today or yesterday counts", async () => {
  const { id: userId } = await newPerson(app);
  const today = "2026-06-30";
  await checkedInOn(
    app.db,
    userId,
    Array.from({ length: 400 }, (_, i) => addDays(today, -i)),
  );
  expect(await storedRuns(userId)).toEqual([[addDays(today, -399), today]]);
  expect(await streakOn(userId, today)).toBe(365);
  expect(await streakOn(userId, addDays(today, 1))).toBe(364);
  expect(await streakOn(userId, addDays(today, 2))).toBe(0);
  // A day in the middle taken away splits the run in two.
  await app.db
    .delete(dailyCheckins)
    .where(and(eq(dailyCheckins.userId, userId), eq(dailyCheckins.checkInDate, addDays(today, -10))));
  expect(await storedRuns(userId)).toEqual([
    [addDays(today, -399), addDays(today, -11)],
    [addDays(today, -9), today],
  ]);
  expect(await streakOn(userId, today)).toBe(10);
  expect(await streakOn(userId, addDays(today, -11))).toBe(365);
});

test("writes of his made at the same moment (two devices, a queued check-in syncing) leave one run", async () => {
  const { id: userId } = await newPerson(app);
  const days = Array.from({ length: 12 }, (_, i) => addDays(BASE, i));
  // Each on its own connection of the pool, all at once, alternating check-ins and completed devotionals.
  await Promise.all(days.map((d, i) => (i % 2 === 0 ? checkedInOn(app.db, userId, [d]) : completedOn(app.db, userId, [d]))));
  expect(await storedRuns(userId)).toEqual([[days[0], days.at(-1)]]);
});

test("his runs go with his account, and another member's runs are his own", async () => {
  const { id: userId } = await newPerson(app);
  const { id: otherId } = await newPerson(app);
  await checkedInOn(app.db, userId, [BASE, addDays(BASE, 1)]);
  await completedOn(app.db, userId, [addDays(BASE, 2)]);
  await checkedInOn(app.db, otherId, [addDays(BASE, 1)]);
  expect(await storedRuns(userId)).toEqual([[BASE, addDays(BASE, 2)]]);
  expect(await storedRuns(otherId)).toEqual([[addDays(BASE, 1), addDays(BASE, 1)]]);
  await app.db.delete(users).where(eq(users.id, userId));
  expect(
    await app.db
      .select()
      .from(streakRuns)
      .where(inArray(streakRuns.userId, [userId, otherId])),
  ).toEqual([{ userId: otherId, firstDay: addDays(BASE, 1), lastDay: addDays(BASE, 1) }]);
});

test("the migration's own count of the runs kept before it matches what the triggers keep", async () => {
  const { id: userId } = await newPerson(app);
  await checkedInOn(app.db, userId, [BASE, addDays(BASE, 1), addDays(BASE, 5)]);
  await completedOn(app.db, userId, [addDays(BASE, 2), addDays(BASE, 7)]);
  await completedOn(app.db, userId, [addDays(BASE, 6)], false);
  const kept = await storedRuns(userId);
  const migration = fs.readFileSync(path.join(__dirname, "../src/db/migrations/0021_streak_runs.sql"), "utf8");
  const backfill = migration.split("--> statement-breakpoint").at(-1)!.trim();
  expect(backfill).toMatch(/^-- The runs of everything kept before this migration\.\nINSERT INTO streak_runs/);
  await app.db.delete(streakRuns).where(eq(streakRuns.userId, userId));
  await app.db.execute(sql.raw(backfill.replace(/\) kept\n/, `) kept where user_id = '${userId}'\n`)));
  expect(await storedRuns(userId)).toEqual(kept);
  expect(kept).toEqual([
    [BASE, addDays(BASE, 2)],
    [addDays(BASE, 5), addDays(BASE, 5)],
    [addDays(BASE, 7), addDays(BASE, 7)],
  ]);
});

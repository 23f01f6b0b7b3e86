import { and, gte, lte, sql } from "drizzle-orm";
import { ADMIN_RANGES } from "@shepherd/shared";
import { schema, type Executor } from "../../db/client";

/**
 * Active members for the admin dashboard (issue 17): on each UTC day, the members with any activity_events row that
 * day (daily), in the 7 days ending on it (weekly) and in the 30 days ending on it (monthly).
 *
 * A finished day never changes, so it is counted once and kept in admin_active_days: by a job just after midnight
 * UTC, and by the dashboard itself when it finds a day of its range missing (a new install, an event dated in the
 * past, which drops the days it changes). Today is counted live from member_last_active (each member's last active
 * day, kept by a trigger on activity_events): one scan of at most one row per member, not of the month's events.
 */

export interface ActiveCounts {
  daily: number;
  weekly: number;
  monthly: number;
}

const WEEK = 7;
const MONTH = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const utcDate = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Counts the days from `first` to `last` (YYYY-MM-DD, finished UTC days) from activity_events and stores them.
 *
 * One pass over the distinct (member, day) pairs from 29 days before `first`: a member active on day d, and next on
 * day n, counts in the windows ending on d up to the day before min(n, d + width), so each pair adds 1 at d and takes
 * it off at min(n, d + width) (1 for daily, 7 weekly, 30 monthly); the running sum of those changes is each day's
 * count, each member once. The database sends the changes by day (a few hundred rows), not the pairs.
 */
export async function rollUpActiveDays(db: Executor, first: string, last: string): Promise<Map<string, ActiveCounts>> {
  const changes = await db.execute<{ day: string; daily: number; weekly: number; monthly: number }>(sql`
    with pairs as (
      select distinct user_id, (created_at at time zone 'UTC')::date as d
      from activity_events
      where created_at >= ${addDays(first, -(MONTH - 1))}::timestamp at time zone 'UTC'
        and created_at < ${addDays(last, 1)}::timestamp at time zone 'UTC'
    ), spans as (
      select d, lead(d) over (partition by user_id order by d) as next from pairs
    )
    select to_char(day, 'YYYY-MM-DD') as day, sum(daily)::int as daily, sum(weekly)::int as weekly,
      sum(monthly)::int as monthly
    from (
      select d as day, 1 as daily, 1 as weekly, 1 as monthly from spans
      union all select d + 1, -1, 0, 0 from spans
      union all select least(next, d + ${WEEK}::int), 0, -1, 0 from spans
      union all select least(next, d + ${MONTH}::int), 0, 0, -1 from spans
    ) as change
    group by day
  `);
  const byDay = new Map(changes.rows.map((r) => [r.day, r]));
  const counts = new Map<string, ActiveCounts>();
  const running = { daily: 0, weekly: 0, monthly: 0 };
  for (let day = addDays(first, -(MONTH - 1)); day <= last; day = addDays(day, 1)) {
    const change = byDay.get(day);
    if (change) {
      running.daily += Number(change.daily);
      running.weekly += Number(change.weekly);
      running.monthly += Number(change.monthly);
    }
    if (day >= first) counts.set(day, { ...running });
  }
  if (counts.size > 0) {
    const rows = [...counts].map(([day, c]) => ({ day, ...c }));
    await db
      .insert(schema.adminActiveDays)
      .values(rows)
      .onConflictDoUpdate({
        target: schema.adminActiveDays.day,
        set: {
          daily: sql`excluded.daily`,
          weekly: sql`excluded.weekly`,
          monthly: sql`excluded.monthly`,
          computedAt: sql`now()`,
        },
      });
  }
  return counts;
}

/** The stored finished days from `first` to `last`, and any missing among them counted and stored now. */
async function finishedDays(
  db: Executor,
  first: string,
  last: string,
): Promise<{ counts: Map<string, ActiveCounts>; counted: number }> {
  const stored = await db
    .select()
    .from(schema.adminActiveDays)
    .where(and(gte(schema.adminActiveDays.day, first), lte(schema.adminActiveDays.day, last)));
  const counts = new Map<string, ActiveCounts>(stored.map((r) => [r.day, r]));
  const missing: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) if (!counts.has(day)) missing.push(day);
  if (missing.length > 0) {
    for (const [day, c] of await rollUpActiveDays(db, missing[0]!, missing[missing.length - 1]!)) counts.set(day, c);
  }
  return { counts, counted: missing.length };
}

/** Today so far, from each member's last active day. */
async function today(db: Executor, day: string): Promise<ActiveCounts> {
  const result = await db.execute<{ daily: number; weekly: number; monthly: number }>(sql`
    select count(*) filter (where day >= ${day}::date)::int as daily,
      count(*) filter (where day > ${day}::date - ${WEEK}::int)::int as weekly,
      count(*)::int as monthly
    from member_last_active where day > ${day}::date - ${MONTH}::int
  `);
  const row = result.rows[0];
  return { daily: Number(row?.daily ?? 0), weekly: Number(row?.weekly ?? 0), monthly: Number(row?.monthly ?? 0) };
}

/** Daily, weekly and monthly active members on each of `days` (UTC, oldest first, the last one today or earlier). */
export async function activeMembers(
  db: Executor,
  days: string[],
  now: Date,
): Promise<{ daily: number[]; weekly: number[]; monthly: number[] }> {
  const todayDay = utcDate(now);
  const finished = days.filter((d) => d < todayDay);
  const [past, live] = await Promise.all([
    finished.length > 0 ? finishedDays(db, finished[0]!, finished[finished.length - 1]!) : undefined,
    days.includes(todayDay) ? today(db, todayDay) : undefined,
  ]);
  const on = (day: string) => (day === todayDay ? live : past?.counts.get(day));
  return {
    daily: days.map((d) => on(d)?.daily ?? 0),
    weekly: days.map((d) => on(d)?.weekly ?? 0),
    monthly: days.map((d) => on(d)?.monthly ?? 0),
  };
}

/**
 * The nightly job's work: every finished day the dashboard's longest range shows, counted if it is missing. Answers
 * how many days it counted.
 */
export async function rollUpRecentDays(db: Executor, now = new Date()): Promise<number> {
  const yesterday = addDays(utcDate(now), -1);
  const longest = Math.max(...ADMIN_RANGES);
  return (await finishedDays(db, addDays(yesterday, -(longest - 2)), yesterday)).counted;
}

import { sql } from "drizzle-orm";
import type { AdminDashboard, AdminRange } from "@shepherd/shared";
import type { Executor } from "../../db/client";
import { countsByDay, daysBefore, rangeDays, utcDay } from "./days";
import { subscriptionSeries } from "./subscriptions";

/** Distinct members active (any activity_events row) on each day, in the 7 days and in the 30 days ending on it. */
async function activeMembers(db: Executor, from: Date, days: string[]) {
  const result = await db.execute<{ day: string; daily: number; weekly: number; monthly: number }>(sql`
    with pairs as materialized (
      select distinct date_trunc('day', created_at, 'UTC') as d, user_id
      from activity_events
      where created_at >= ${daysBefore(from, 29)}
    )
    select to_char(g.d, 'YYYY-MM-DD') as day,
      (select count(*) from pairs where pairs.d = g.d)::int as daily,
      (select count(distinct user_id) from pairs where pairs.d > g.d - interval '7 days' and pairs.d <= g.d)::int as weekly,
      (select count(distinct user_id) from pairs where pairs.d > g.d - interval '30 days' and pairs.d <= g.d)::int as monthly
    from generate_series(date_trunc('day', ${from}::timestamptz, 'UTC'), date_trunc('day', now(), 'UTC'), interval '1 day') as g(d)
  `);
  const byDay = new Map(result.rows.map((r) => [r.day, r]));
  return {
    daily: days.map((d) => Number(byDay.get(d)?.daily ?? 0)),
    weekly: days.map((d) => Number(byDay.get(d)?.weekly ?? 0)),
    monthly: days.map((d) => Number(byDay.get(d)?.monthly ?? 0)),
  };
}

/**
 * The dashboard: each number by day over the range (UTC days), from the tables themselves. Active members are
 * counted from activity_events (the web app records each page view and named action), not from sessions.
 */
export async function dashboard(db: Executor, range: AdminRange, now = new Date()): Promise<AdminDashboard> {
  const { from, days } = rangeDays(range, now);
  const [membersBefore, signups, active, devotionals, checkIns, journal, posts, subscriptions] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n from users where created_at < ${from}`),
    countsByDay(
      db,
      sql`select ${utcDay(sql`created_at`)} as day, count(*)::int as n from users where created_at >= ${from} group by 1`,
      days,
    ),
    activeMembers(db, from, days),
    countsByDay(
      db,
      sql`select ${utcDay(sql`completed_at`)} as day, count(*)::int as n from devotional_progress
          where completed and completed_at >= ${from} group by 1`,
      days,
    ),
    countsByDay(
      db,
      sql`select ${utcDay(sql`created_at`)} as day, count(*)::int as n from daily_checkins where created_at >= ${from} group by 1`,
      days,
    ),
    countsByDay(
      db,
      sql`select ${utcDay(sql`created_at`)} as day, count(*)::int as n from journal_entries where created_at >= ${from} group by 1`,
      days,
    ),
    countsByDay(
      db,
      sql`select ${utcDay(sql`created_at`)} as day, count(*)::int as n from posts where created_at >= ${from} group by 1`,
      days,
    ),
    subscriptionSeries(db, range, now),
  ]);
  let members = Number(membersBefore.rows[0]?.n ?? 0);
  const memberSeries = signups.map((n) => (members += n));
  return {
    range,
    days,
    now: {
      members: memberSeries[memberSeries.length - 1] ?? 0,
      premium: subscriptions.now.premium,
      trials: subscriptions.now.trials,
    },
    series: {
      members: memberSeries,
      daily_active: active.daily,
      weekly_active: active.weekly,
      monthly_active: active.monthly,
      signups,
      devotionals_completed: devotionals,
      check_ins: checkIns,
      journal_entries: journal,
      posts,
      premium: subscriptions.premium,
      trials: subscriptions.trials,
    },
  };
}

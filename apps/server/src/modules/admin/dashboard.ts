import { sql } from "drizzle-orm";
import type { AdminDashboard, AdminRange } from "@shepherd/shared";
import type { Executor } from "../../db/client";
import { activeMembers } from "./active-days";
import { rangeDays, rowsPerDay } from "./days";
import { subscriptionSeries } from "./subscriptions";

/**
 * The dashboard: each number by day over the range (UTC days), from the tables themselves. Active members are
 * counted from activity_events (the web app records each page view and named action), not from sessions, through
 * the roll-up of finished days (active-days.ts).
 */
export async function dashboard(db: Executor, range: AdminRange, now = new Date()): Promise<AdminDashboard> {
  const { from, days } = rangeDays(range, now);
  const [membersBefore, signups, active, devotionals, checkIns, journal, posts, subscriptions] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n from users where created_at < ${from}`),
    rowsPerDay(db, { table: sql`users`, at: sql`created_at` }, days),
    activeMembers(db, days, now),
    rowsPerDay(db, { table: sql`devotional_progress`, at: sql`completed_at`, where: sql`completed` }, days),
    rowsPerDay(db, { table: sql`daily_checkins`, at: sql`created_at` }, days),
    rowsPerDay(db, { table: sql`journal_entries`, at: sql`created_at` }, days),
    rowsPerDay(db, { table: sql`posts`, at: sql`created_at` }, days),
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

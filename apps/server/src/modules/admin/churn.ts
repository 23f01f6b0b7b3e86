import { count, desc, eq, sql } from "drizzle-orm";
import {
  ADMIN_EXPORT_MAX_ROWS,
  ADMIN_PAGE_SIZE,
  CHURN_WINDOWS,
  COHORT_WEEKS,
  addDays,
  weekStartOf,
  type AdminCancellationRow,
  type AdminChurn,
  type AdminInactiveRow,
  type AdminPage,
  type ChurnWindow,
} from "@shepherd/shared";
import type { Executor } from "../../db/client";
import { schema } from "../../db/client";
import { daysBefore } from "./days";

/**
 * Admin Churn: members who stopped coming (no activity_events row in the last 7, 14 or 30 days, among members who
 * joined at least that long ago), Premium cancellations and their reasons, and weekly retention cohorts.
 */

const { subscriptionCancellations, users } = schema;

/** Joined by `cutoff` and no activity since: the activity_events(user_id, created_at) index answers each member. */
const lapsedSince = (cutoff: Date) => sql`
  u.created_at <= ${cutoff}
  and not exists (select 1 from activity_events e where e.user_id = u.id and e.created_at >= ${cutoff})`;

/** `timestamp`'s week (Sunday to Saturday, UTC, as everywhere in Shepherd) as the date of its Sunday. */
const sundayOf = (column: string) =>
  sql.raw(`((${column} at time zone 'UTC')::date - extract(dow from ${column} at time zone 'UTC')::int)`);

async function cohorts(db: Executor, now: Date): Promise<AdminChurn["cohorts"]> {
  const thisWeek = weekStartOf(now.toISOString().slice(0, 10));
  const first = addDays(thisWeek, -7 * (COHORT_WEEKS - 1));
  const from = new Date(`${first}T00:00:00Z`);
  const [sizes, active] = await Promise.all([
    db.execute<{ week: string; n: number }>(sql`
      select to_char(${sundayOf("u.created_at")}, 'YYYY-MM-DD') as week, count(*)::int as n
      from users u where u.created_at >= ${from} group by 1`),
    db.execute<{ week: string; k: number; n: number }>(sql`
      with cohort as (select u.id, ${sundayOf("u.created_at")} as week from users u where u.created_at >= ${from}),
        weeks as (
          select distinct e.user_id, ${sundayOf("e.created_at")} as week
          from activity_events e where e.created_at >= ${from}
        )
      select to_char(c.week, 'YYYY-MM-DD') as week, ((w.week - c.week) / 7)::int as k, count(*)::int as n
      from cohort c join weeks w on w.user_id = c.id and w.week >= c.week
      group by 1, 2`),
  ]);
  const sizeOf = new Map(sizes.rows.map((r) => [r.week, Number(r.n)]));
  const retainedOf = new Map(active.rows.map((r) => [`${r.week}/${r.k}`, Number(r.n)]));
  return Array.from({ length: COHORT_WEEKS }, (_, i) => {
    const week = addDays(first, 7 * i);
    const weeksSince = COHORT_WEEKS - 1 - i;
    return {
      week,
      members: sizeOf.get(week) ?? 0,
      // Week k after sign-up has not come yet for a recent cohort: null, not 0.
      retained: Array.from({ length: COHORT_WEEKS }, (_, k) => (k > weeksSince ? null : (retainedOf.get(`${week}/${k}`) ?? 0))),
    };
  });
}

export async function churnOverview(db: Executor, now = new Date()): Promise<AdminChurn> {
  const [inactive, members, cancellations, cohortRows] = await Promise.all([
    Promise.all(
      CHURN_WINDOWS.map(async (days) => {
        const result = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from users u where ${lapsedSince(daysBefore(now, days))}`,
        );
        return [days, Number(result.rows[0]?.n ?? 0)] as const;
      }),
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from users`),
    db.execute<{ total: number; with_reason: number }>(sql`
      select count(*)::int as total, count(*) filter (where reason is not null and reason <> '')::int as with_reason
      from subscription_cancellations where created_at >= ${daysBefore(now, 30)}`),
    cohorts(db, now),
  ]);
  return {
    inactive: Object.fromEntries(inactive) as Record<ChurnWindow, number>,
    members: Number(members.rows[0]?.n ?? 0),
    cancellations: {
      last_30_days: Number(cancellations.rows[0]?.total ?? 0),
      with_reason: Number(cancellations.rows[0]?.with_reason ?? 0),
    },
    cohorts: cohortRows,
  };
}

/** The members with no activity in `days` days, the most recently lapsed first (never active last). */
export async function listInactive(
  db: Executor,
  options: { days: ChurnWindow; page: number; all?: boolean; now?: Date },
): Promise<AdminPage<AdminInactiveRow>> {
  const cutoff = daysBefore(options.now ?? new Date(), options.days);
  const limit = options.all ? ADMIN_EXPORT_MAX_ROWS : ADMIN_PAGE_SIZE;
  const offset = options.all ? 0 : (options.page - 1) * ADMIN_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    db.execute<{ id: string; name: string; email: string; created_at: Date | string; last_active_at: Date | string | null }>(sql`
      select u.id, u.name, u.email, u.created_at,
        (select max(e.created_at) from activity_events e where e.user_id = u.id) as last_active_at
      from users u where ${lapsedSince(cutoff)}
      order by last_active_at desc nulls last, u.created_at desc, u.id
      limit ${limit} offset ${offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${lapsedSince(cutoff)}`),
  ]);
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    items: rows.rows.map((r) => ({
      user_id: r.id,
      name: r.name,
      email: r.email,
      joined: iso(r.created_at),
      last_active_at: r.last_active_at ? iso(r.last_active_at) : null,
    })),
    page: options.page,
    page_size: limit,
    total: Number(total.rows[0]?.n ?? 0),
  };
}

/** Premium cancellations, newest first, with the reason each member gave (if he gave one). */
export async function listCancellations(
  db: Executor,
  options: { page: number; all?: boolean },
): Promise<AdminPage<AdminCancellationRow>> {
  const limit = options.all ? ADMIN_EXPORT_MAX_ROWS : ADMIN_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({ c: subscriptionCancellations, name: users.name, email: users.email })
      .from(subscriptionCancellations)
      .innerJoin(users, eq(users.id, subscriptionCancellations.userId))
      .orderBy(desc(subscriptionCancellations.createdAt), desc(subscriptionCancellations.id))
      .limit(limit)
      .offset(options.all ? 0 : (options.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(subscriptionCancellations),
  ]);
  return {
    items: rows.map(({ c, name, email }) => ({
      id: c.id,
      user_id: c.userId,
      name,
      email,
      plan_type: c.planType,
      reason: c.reason,
      provider: c.provider,
      created_at: c.createdAt.toISOString(),
    })),
    page: options.page,
    page_size: limit,
    total: total?.n ?? 0,
  };
}

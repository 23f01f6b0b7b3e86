import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  ADMIN_EXPORT_MAX_ROWS,
  ADMIN_PAGE_SIZE,
  type AdminBillingEvent,
  type AdminPage,
  type AdminRange,
  type AdminSubscriptionRow,
  type AdminSubscriptions,
  type SubscriptionFilter,
  PLANS,
} from "@shepherd/shared";
import type { Executor } from "../../db/client";
import { schema } from "../../db/client";
import { rangeDays } from "./days";

const { subscriptions, users, billingEvents } = schema;

/** Each plan's price per month in cents (an annual plan's price over twelve), from the plans in shared/plans.ts. */
const monthlyCents = sql.join(
  [
    sql`case plan_type`,
    ...PLANS.map((p) => sql`when ${p.id} then ${Math.round(p.interval === "year" ? p.priceCents / 12 : p.priceCents)}`),
    sql`else 0 end`,
  ],
  sql` `,
);

/**
 * Premium on a day's end `e`, reconstructed from each row (no history is kept): started by then (created_at), and still
 * active or trialing today, or canceled / past due only since (its last change, updated_at, is after e). In a trial
 * on e when its trial_end is after e; paying (counted in MRR) otherwise.
 */
const premiumAt = (e: SQL) =>
  sql`(s.created_at <= ${e} and (s.status in ('active', 'trialing') or (s.status in ('canceled', 'past_due') and s.updated_at > ${e})))`;
const trialAt = (e: SQL) => sql`(s.trial_end is not null and s.trial_end > ${e})`;

export async function subscriptionSeries(db: Executor, range: AdminRange, now = new Date()) {
  const { from, days } = rangeDays(range, now);
  const end = sql`least(g.d + interval '1 day', ${now}::timestamptz)`;
  const result = await db.execute<{ day: string; premium: number; trials: number; mrr: number }>(sql`
    select to_char(g.d, 'YYYY-MM-DD') as day,
      count(s.id) filter (where ${premiumAt(end)})::int as premium,
      count(s.id) filter (where ${premiumAt(end)} and ${trialAt(end)})::int as trials,
      coalesce(sum(${monthlyCents}) filter (where ${premiumAt(end)} and not ${trialAt(end)}), 0)::int as mrr
    from generate_series(date_trunc('day', ${from}::timestamptz, 'UTC'), date_trunc('day', ${now}::timestamptz, 'UTC'), interval '1 day') as g(d)
    left join subscriptions s on s.created_at <= ${end}
    group by g.d
    order by g.d
  `);
  const byDay = new Map(result.rows.map((r) => [r.day, r]));
  const pick = (key: "premium" | "trials" | "mrr") => days.map((d) => Number(byDay.get(d)?.[key] ?? 0));
  const premium = pick("premium");
  const trials = pick("trials");
  const mrr = pick("mrr");
  return {
    days,
    premium,
    trials,
    mrr,
    now: { premium: premium[premium.length - 1] ?? 0, trials: trials[trials.length - 1] ?? 0, mrr: mrr[mrr.length - 1] ?? 0 },
  };
}

export async function subscriptionsOverview(db: Executor, range: AdminRange, now = new Date()): Promise<AdminSubscriptions> {
  const [series, counts] = await Promise.all([
    subscriptionSeries(db, range, now),
    db.execute<{ canceling: number; canceled: number; past_due: number }>(sql`
      select count(*) filter (where cancel_at_period_end and status in ('active', 'trialing'))::int as canceling,
        count(*) filter (where status = 'canceled')::int as canceled,
        count(*) filter (where status = 'past_due')::int as past_due
      from subscriptions
    `),
  ]);
  const row = counts.rows[0];
  return {
    range,
    now: {
      premium: series.now.premium,
      trials: series.now.trials,
      paying: series.now.premium - series.now.trials,
      canceling: Number(row?.canceling ?? 0),
      canceled: Number(row?.canceled ?? 0),
      payment_failures: Number(row?.past_due ?? 0),
      mrr_cents: series.now.mrr,
    },
    days: series.days,
    mrr_cents: series.mrr,
  };
}

function filterWhere(filter: SubscriptionFilter): SQL | undefined {
  switch (filter) {
    case "all":
      return undefined;
    case "canceling":
      return and(eq(subscriptions.cancelAtPeriodEnd, true), inArray(subscriptions.status, ["active", "trialing"]));
    default:
      return eq(subscriptions.status, filter);
  }
}

/** The subscriptions, most recently changed first, a page at a time (or all of them, up to the export's cap). */
export async function listSubscriptions(
  db: Executor,
  options: { filter: SubscriptionFilter; page: number; all?: boolean },
): Promise<AdminPage<AdminSubscriptionRow>> {
  const where = filterWhere(options.filter);
  const limit = options.all ? ADMIN_EXPORT_MAX_ROWS : ADMIN_PAGE_SIZE;
  const offset = options.all ? 0 : (options.page - 1) * ADMIN_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({ s: subscriptions, name: users.name, email: users.email })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(where)
      .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(subscriptions).where(where),
  ]);
  return {
    items: rows.map(({ s, name, email }) => ({
      user_id: s.userId,
      name,
      email,
      plan_type: s.planType,
      status: s.status,
      trial_end: s.trialEnd?.toISOString() ?? null,
      current_period_end: s.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      provider: s.provider,
      updated_at: s.updatedAt.toISOString(),
    })),
    page: options.page,
    page_size: limit,
    total: total?.n ?? 0,
  };
}

/** Stripe's webhook events as received (billing_events), newest first. */
export async function listBillingEvents(
  db: Executor,
  options: { page: number; all?: boolean },
): Promise<AdminPage<AdminBillingEvent>> {
  const limit = options.all ? ADMIN_EXPORT_MAX_ROWS : ADMIN_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(billingEvents)
      .orderBy(desc(billingEvents.receivedAt), desc(billingEvents.id))
      .limit(limit)
      .offset(options.all ? 0 : (options.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(billingEvents),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, type: r.type, received_at: r.receivedAt.toISOString() })),
    page: options.page,
    page_size: limit,
    total: total?.n ?? 0,
  };
}

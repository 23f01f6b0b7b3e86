import { and, eq, sql } from "drizzle-orm";
import { isPremium, planById, TRIAL_DAYS, type PlanId, type SubscriptionRow, type SubscriptionStatus } from "@shepherd/shared";
import type { Database, Executor } from "../../db/client";
import { prepared, schema } from "../../db/client";
import { AppError, notFound } from "../../errors";

const { subscriptions, checkoutSessions } = schema;
const DAY_MS = 24 * 60 * 60 * 1000;

/** LIMIT 1 written into the SQL, so PostgreSQL keeps one generic plan for these named statements (db/client.ts). */
const ONE = sql.raw("1") as unknown as number;

/**
 * Reads user_subscription_view; no row is not an error (the spec's PGRST116 case) but the free tier. A named prepared
 * statement: the access check reads it for every capped action, and /api/usage and /api/subscription on every visit.
 */
export async function getSubscriptionRow(db: Database, userId: string): Promise<SubscriptionRow | null> {
  const view = schema.userSubscriptionView;
  const [row] = await prepared(db, "subscription_view_row", () =>
    db
      .select()
      .from(view)
      .where(eq(view.userId, sql.placeholder("userId")))
      .limit(ONE)
      .prepare("subscription_view_row"),
  ).execute({ userId });
  if (!row) return null;
  return {
    plan_type: row.planType,
    status: row.status,
    trial_end: row.trialEnd?.toISOString() ?? null,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
  };
}

export async function getSubscription(db: Database, userId: string, now = new Date()): Promise<SubscriptionStatus> {
  const [[row], view] = await Promise.all([
    prepared(db, "subscription_row", () =>
      db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, sql.placeholder("userId")))
        .limit(ONE)
        .prepare("subscription_row"),
    ).execute({ userId }),
    getSubscriptionRow(db, userId),
  ]);
  return {
    plan_type: view?.plan_type ?? null,
    status: view?.status ?? null,
    trial_end: view?.trial_end ?? null,
    current_period_end: view?.current_period_end ?? null,
    is_premium: isPremium(view, now),
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    provider: row?.provider ?? null,
  };
}

export interface SubscriptionChange {
  userId: string;
  planType: string;
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  provider: "local" | "stripe";
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
}

/** Creates or replaces the user's one subscription row. */
export async function saveSubscription(db: Database, change: SubscriptionChange): Promise<void> {
  const values = {
    planType: change.planType,
    status: change.status,
    trialEnd: change.trialEnd,
    currentPeriodEnd: change.currentPeriodEnd,
    cancelAtPeriodEnd: change.cancelAtPeriodEnd,
    provider: change.provider,
    providerCustomerId: change.providerCustomerId ?? null,
    providerSubscriptionId: change.providerSubscriptionId ?? null,
    updatedAt: new Date(),
  };
  await db
    .insert(subscriptions)
    .values({ userId: change.userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
}

export async function findSubscriptionByProviderId(db: Database, providerSubscriptionId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row ?? null;
}

export async function updateSubscriptionStatus(db: Database, options: { userId: string; status: string }): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: options.status, updatedAt: new Date() })
    .where(eq(subscriptions.userId, options.userId));
}

function addInterval(from: Date, interval: "month" | "year"): Date {
  const next = new Date(from);
  if (interval === "year") next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** Local checkout "paid": a 14-day trial starts (or, for someone who already had one, the plan starts at once). */
export async function completeLocalCheckout(
  db: Database,
  options: { userId: string; sessionId: string; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, options.sessionId), eq(checkoutSessions.userId, options.userId)));
  if (!session) throw notFound("That checkout");
  if (session.status !== "open") throw new AppError("CONFLICT", "This checkout is already finished.");
  const plan = planById(session.planType);
  if (!plan) throw new AppError("BAD_REQUEST", "That plan no longer exists.");
  const [existing] = await db.select().from(subscriptions).where(eq(subscriptions.userId, options.userId));
  // A second checkout opened earlier (another tab) must not replace a plan that is already running.
  if ((await getSubscription(db, options.userId, now)).is_premium)
    throw new AppError("CONFLICT", "You are already a Premium member. Manage your plan from this page.");
  const hadTrial = Boolean(existing?.trialEnd);
  const trialEnd = hadTrial ? null : new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  await db.transaction(async (tx) => {
    await tx.update(checkoutSessions).set({ status: "complete" }).where(eq(checkoutSessions.id, session.id));
    await saveSubscription(tx as unknown as Database, {
      userId: options.userId,
      planType: plan.id,
      status: hadTrial ? "active" : "trialing",
      trialEnd: trialEnd ?? existing?.trialEnd ?? null,
      currentPeriodEnd: trialEnd ?? addInterval(now, plan.interval),
      cancelAtPeriodEnd: false,
      provider: "local",
    });
  });
}

export async function cancelLocalCheckout(db: Database, options: { userId: string; sessionId: string }): Promise<void> {
  const rows = await db
    .update(checkoutSessions)
    .set({ status: "canceled" })
    .where(
      and(
        eq(checkoutSessions.id, options.sessionId),
        eq(checkoutSessions.userId, options.userId),
        eq(checkoutSessions.status, "open"),
      ),
    )
    .returning({ id: checkoutSessions.id });
  if (rows.length === 0) throw notFound("That open checkout");
}

export async function getCheckoutSession(db: Database, options: { userId: string; sessionId: string }) {
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, options.sessionId), eq(checkoutSessions.userId, options.userId)));
  if (!session) throw notFound("That checkout");
  return session;
}

/** A member cancelling Premium, with the reason he gave if any (admin Churn lists them). */
export async function recordCancellation(
  db: Executor,
  options: { userId: string; planType: string; provider: string; reason?: string | null },
): Promise<void> {
  await db.insert(schema.subscriptionCancellations).values({
    userId: options.userId,
    planType: options.planType,
    provider: options.provider,
    reason: options.reason || null,
  });
}

/**
 * Cancel (at the end of the paid period, with his optional reason) or resume a local subscription. Stripe ones are
 * managed in its portal (stripe-events.ts records their cancellations).
 */
export async function setLocalCancelAtPeriodEnd(
  db: Database,
  options: { userId: string; cancel: boolean; reason?: string },
): Promise<void> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, options.userId));
  if (!row || row.status === "canceled") throw new AppError("NOT_FOUND", "You have no active subscription to change.");
  if (row.provider !== "local") throw new AppError("BAD_REQUEST", "Manage this subscription from the billing portal.");
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: options.cancel, updatedAt: new Date() })
      .where(eq(subscriptions.userId, options.userId));
    if (options.cancel && !row.cancelAtPeriodEnd) {
      await recordCancellation(tx, {
        userId: row.userId,
        planType: row.planType,
        provider: row.provider,
        reason: options.reason,
      });
    }
  });
}

/**
 * check-subscription for the local provider: moves a subscription through time as a billing system would.
 * trialing -> active when the trial ends; active -> canceled at period end when cancelled; otherwise a new period.
 */
export async function refreshLocalSubscription(db: Database, options: { userId: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, options.userId));
  if (!row || row.provider !== "local" || row.status === "canceled") return;
  const plan = planById(row.planType);
  const periodEnd = row.currentPeriodEnd;
  if (!plan || !periodEnd || periodEnd > now) return;
  if (row.cancelAtPeriodEnd) {
    await updateSubscriptionStatus(db, { userId: row.userId, status: "canceled" });
    return;
  }
  let next = periodEnd;
  while (next <= now) next = addInterval(next, plan.interval);
  await db
    .update(subscriptions)
    .set({ status: "active", currentPeriodEnd: next, updatedAt: new Date() })
    .where(eq(subscriptions.userId, row.userId));
}

export type { PlanId };

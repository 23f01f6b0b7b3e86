import { eq } from "drizzle-orm";
import { isPremium, type SubscriptionRow, type SubscriptionStatus } from "@shepherd/shared";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";

/** Reads user_subscription_view; no row is not an error (the spec's PGRST116 case) but the free tier. */
export async function getSubscription(db: Database, userId: string): Promise<SubscriptionStatus> {
  const view = schema.userSubscriptionView;
  const [row] = await db.select().from(view).where(eq(view.userId, userId)).limit(1);
  const subscription: SubscriptionRow | null = row
    ? {
        plan_type: row.planType,
        status: row.status,
        trial_end: row.trialEnd?.toISOString() ?? null,
        current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
      }
    : null;
  return {
    plan_type: subscription?.plan_type ?? null,
    status: subscription?.status ?? null,
    trial_end: subscription?.trial_end ?? null,
    current_period_end: subscription?.current_period_end ?? null,
    is_premium: isPremium(subscription),
  };
}

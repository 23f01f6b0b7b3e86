import { eq } from "drizzle-orm";
import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { subscriptions, subscriptionCancellations: cancellations } = schema;

export const subscriptionData: PersonData = {
  export: {
    subscription: async (db, userId) => {
      const [row] = await db
        .select({
          plan_type: subscriptions.planType,
          status: subscriptions.status,
          trial_end: subscriptions.trialEnd,
          current_period_end: subscriptions.currentPeriodEnd,
          cancel_at_period_end: subscriptions.cancelAtPeriodEnd,
          provider: subscriptions.provider,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId));
      return row ?? null;
    },
    subscription_cancellations: ownRows(
      cancellations,
      {
        plan_type: cancellations.planType,
        reason: cancellations.reason,
        provider: cancellations.provider,
        created_at: cancellations.createdAt,
      },
      cancellations.createdAt,
    ),
  },
};

import { eq } from "drizzle-orm";
import { pgTable, pgView, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** One row per user at most; no row means the free tier. The Premium area keeps it in step with billing. */
export const subscriptions = pgTable("subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  planType: text("plan_type").notNull(),
  status: text("status").notNull(),
  trialEnd: timestamp("trial_end", { withTimezone: true }),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  provider: text("provider").notNull().default("local"),
  providerCustomerId: text("provider_customer_id"),
  providerSubscriptionId: text("provider_subscription_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Spec section 3: user_subscription_view (user_id, plan_type, status, trial_end, current_period_end). */
export const userSubscriptionView = pgView("user_subscription_view").as((qb) =>
  qb
    .select({
      userId: subscriptions.userId,
      planType: subscriptions.planType,
      status: subscriptions.status,
      trialEnd: subscriptions.trialEnd,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId)),
);

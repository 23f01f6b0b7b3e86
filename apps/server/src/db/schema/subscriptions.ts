import { eq, sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, pgView, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { uuidPrimaryKey, ownerId, createdAt, updatedAt } from "./columns";

/** One row per user at most; no row means the free tier. Billing (local or Stripe) keeps it in step. */
export const subscriptions = pgTable("subscriptions", {
  id: uuidPrimaryKey(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  planType: text("plan_type").notNull(),
  status: text("status").notNull(),
  trialEnd: timestamp("trial_end", { withTimezone: true }),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  provider: text("provider").notNull().default("local"),
  providerCustomerId: text("provider_customer_id"),
  providerSubscriptionId: text("provider_subscription_id").unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
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

/** Checkout sessions of the local test provider (no money moves), and the plan asked for. */
export const checkoutSessions = pgTable("checkout_sessions", {
  id: text("id").primaryKey(),
  userId: ownerId(),
  planType: text("plan_type").notNull(),
  provider: text("provider").notNull(),
  status: text("status").notNull().default("open"),
  createdAt: createdAt(),
});

/** Webhook events already handled, so a redelivered event changes nothing. */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Spec section 3: monthly_usage_limits, one row per user per month (keyed by the month's first day). */
export const monthlyUsageLimits = pgTable(
  "monthly_usage_limits",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    month: date("month").notNull(),
    devotionalGenerations: integer("devotional_generations").notNull().default(0),
    gatheringContentGenerations: integer("gathering_content_generations").notNull().default(0),
    insightGenerations: integer("insight_generations").notNull().default(0),
    audioGenerations: integer("audio_generations").notNull().default(0),
    journalEntries: integer("journal_entries").notNull().default(0),
    imageGenerations: integer("image_generations").notNull().default(0),
    totalTokensUsed: integer("total_tokens_used").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("monthly_usage_limits_user_month_key").on(t.userId, t.month)],
);

/** Spec section 3: ai_usage, one row per counted call. */
export const aiUsage = pgTable(
  "ai_usage",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    featureType: text("feature_type").notNull(),
    tokensUsed: integer("tokens_used").notNull().default(0),
    /** Seconds of speech made by an audio call (null for other features). */
    audioSeconds: integer("audio_seconds"),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index("ai_usage_user_created_idx").on(t.userId, t.createdAt),
    // Admin Features: tokens and audio minutes by day over a range.
    index("ai_usage_created_idx").on(t.createdAt),
  ],
);

/** A member cancelling Premium (the subscription page's Cancel), with the reason he gave if any (admin Churn). */
export const subscriptionCancellations = pgTable(
  "subscription_cancellations",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    planType: text("plan_type").notNull(),
    reason: text("reason"),
    provider: text("provider").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("subscription_cancellations_created_idx").on(t.createdAt)],
);

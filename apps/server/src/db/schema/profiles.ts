import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { uuidPrimaryKey, ownerId, createdAt, updatedAt } from "./columns";

/** Spec section 3: profiles. `id` is the user's id. */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    displayName: text("display_name"),
    username: text("username"),
    avatarUrl: text("avatar_url"),
    focus: text("focus")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    currentTopics: text("current_topics")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    onboardingCompletedAt: timestamp("onboarding_completed_at", { withTimezone: true }),
    /** IANA time zone of the person's browser; "their day" (devotional, streak, check-in) is counted in it. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** Whether flock members see this person's streak (off by default). */
    shareStreak: boolean("share_streak").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_username_key").on(sql`lower(${t.username})`),
    // Mention autocomplete looks usernames up by prefix.
    index("profiles_username_prefix_idx").on(sql`lower(${t.username}) text_pattern_ops`),
  ],
);

/** Spec section 7: track-user-activity. */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    actionType: text("action_type").notNull(),
    pageRoute: text("page_route"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_events_user_created_idx").on(t.userId, t.createdAt),
    // The admin dashboard's active members: distinct user_id by day, read from the index alone.
    index("activity_events_created_user_idx").on(t.createdAt, t.userId),
  ],
);

/** Rendering exceptions reported by the web app when no SENTRY_DSN is set. */
export const errorReports = pgTable(
  "error_reports",
  {
    id: uuidPrimaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    stack: text("stack"),
    componentStack: text("component_stack"),
    url: text("url"),
    userAgent: text("user_agent"),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [index("error_reports_created_idx").on(t.createdAt)],
);

/** The outbox: every mail we send (or would send) is kept here and printed to the log. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuidPrimaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    kind: text("kind").notNull(),
    transport: text("transport").notNull(),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.toAddress, t.createdAt)],
);

import { sql } from "drizzle-orm";
import { boolean, date, index, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, ownerId, updatedAt, uuidPrimaryKey } from "./columns";

/**
 * Issue 18, Reminders: a browser's Web Push subscription (one per browser profile; the push service's endpoint is
 * unique). `p256dh` and `auth` are the browser's keys the payload is encrypted to. Removed when the push service
 * answers 404 or 410 (the browser dropped it), when the member turns push off there, or with his account.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * A member's daily reminder: off until he turns it on. The time is his local time of day (HH:MM) in his profile's
 * time zone; weekdays are 0 (Sunday) to 6 (Saturday). Push and email are the two ways it reaches him.
 */
export const reminderSettings = pgTable(
  "reminder_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    timeOfDay: text("time_of_day").notNull().default("07:00"),
    weekdays: smallint("weekdays")
      .array()
      .notNull()
      .default(sql`'{0,1,2,3,4,5,6}'::smallint[]`),
    push: boolean("push").notNull().default(true),
    email: boolean("email").notNull().default(false),
    mentionPush: boolean("mention_push").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("reminder_settings_enabled_time_idx")
      .on(t.timeOfDay)
      .where(sql`${t.enabled}`),
  ],
);

/** One row per member and local date a reminder went out: written before sending, so a second run sends nothing. */
export const reminderSends = pgTable(
  "reminder_sends",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    localDate: date("local_date").notNull(),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex("reminder_sends_user_date_key").on(t.userId, t.localDate)],
);

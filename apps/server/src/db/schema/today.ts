import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { uuidPrimaryKey, ownerId, createdAt, updatedAt } from "./columns";
import { planDays } from "./path";

/** Spec section 3: Devotional. One per user per day (the user's own date), generated once and then served. */
export const devotionals = pgTable(
  "devotionals",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    devotionalDate: date("devotional_date").notNull(),
    title: text("title").notNull(),
    passage: text("passage").notNull(),
    passageText: text("passage_text").notNull(),
    content: text("content").notNull(),
    reflection: text("reflection").notNull(),
    theme: text("theme").notNull(),
    prayer: text("prayer").notNull(),
    imageUrl: text("image_url"),
    libraryId: text("library_id"),
    source: text("source").notNull(),
    refreshCount: integer("refresh_count").notNull().default(0),
    /** What refreshes replaced today, so none of it comes back within 30 days (decision 005). */
    replacedLibraryIds: text("replaced_library_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    replacedPassages: text("replaced_passages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("devotionals_user_date_key").on(t.userId, t.devotionalDate)],
);

/** Spec section 3: devotional_progress. One per user per devotional. */
export const devotionalProgress = pgTable(
  "devotional_progress",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    devotionalId: uuid("devotional_id")
      .notNull()
      .references(() => devotionals.id, { onDelete: "cascade" }),
    /** The devotional's date (the user's day), kept here so the streak reads one table per kind of day. */
    progressDate: date("progress_date").notNull(),
    completed: boolean("completed").notNull().default(false),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    spiritualConnection: integer("spiritual_connection").notNull().default(50),
    connectionUpdatedAt: timestamp("connection_updated_at", { withTimezone: true }),
    prayedAt: timestamp("prayed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("devotional_progress_user_devotional_key").on(t.userId, t.devotionalId),
    // His days in order: the kept days (streak runs, the calendar) and the charts' range of days, completed or not.
    index("devotional_progress_user_date_idx").on(t.userId, t.progressDate),
    // The admin dashboard counts completions by day.
    index("devotional_progress_completed_at_idx")
      .on(t.completedAt)
      .where(sql`${t.completed}`),
  ],
);

/** Spec section 3: daily_checkins. One per user per day (upsert). */
export const dailyCheckins = pgTable(
  "daily_checkins",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    checkInDate: date("check_in_date").notNull(),
    mood: text("mood").notNull(),
    focusAreas: text("focus_areas")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text("notes"),
    spiritualConnection: integer("spiritual_connection"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("daily_checkins_user_date_key").on(t.userId, t.checkInDate),
    index("daily_checkins_created_idx").on(t.createdAt),
  ],
);

/** Spec section 3: journal_entries. */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    devotionalId: uuid("devotional_id").references(() => devotionals.id, { onDelete: "set null" }),
    devotionalProgressId: uuid("devotional_progress_id").references(() => devotionalProgress.id, { onDelete: "set null" }),
    entryDate: date("entry_date").notNull(),
    devotionalTitle: text("devotional_title"),
    content: text("content").notNull(),
    passage: text("passage"),
    reflection: text("reflection"),
    devotionalContent: text("devotional_content"),
    /** Written from a day of The Path (the day's page shows it). */
    planDayId: uuid("plan_day_id").references(() => planDays.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("journal_entries_user_created_idx").on(t.userId, t.createdAt),
    index("journal_entries_created_idx").on(t.createdAt),
  ],
);

/** Spec section 3: encouragement_whispers (The Shepherd's Whisper). */
export const encouragementWhispers = pgTable(
  "encouragement_whispers",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    message: text("message").notNull(),
    triggerType: text("trigger_type").notNull(),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("encouragement_whispers_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * The runs of consecutive days a person kept (a completed devotional or a check-in, his own dates), each from its first
 * to its last day. Kept by triggers on devotional_progress and daily_checkins (migration 0021), so that his streak is
 * one index probe rather than a walk over up to a year of his days. Derived data: nothing writes it but the triggers.
 */
export const streakRuns = pgTable(
  "streak_runs",
  {
    userId: ownerId(),
    firstDay: date("first_day").notNull(),
    lastDay: date("last_day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.firstDay] })],
);

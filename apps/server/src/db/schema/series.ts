import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { flocks } from "./community";
import { createdAt, ownerId, updatedAt, uuidPrimaryKey, hiddenAt } from "./columns";

/**
 * The Pasture's series library (docs/series.md): a series is a short course of sessions to discuss. Starter series
 * come from content/series (copied in at start, keyed by slug, replaced when the file changes); a Premium member's own
 * series has an owner and may be shared with one of his flocks.
 */
export const series = pgTable(
  "series",
  {
    id: uuidPrimaryKey(),
    /** A starter series' id in content/series; null for a member's own series. */
    slug: text("slug").unique(),
    /** starter or custom. */
    source: text("source").notNull(),
    /** Who made a custom series (his to see and change); null for starter series. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    /** A custom series shared with one of its owner's flocks: its members may read and follow it. */
    flockId: uuid("flock_id").references(() => flocks.id, { onDelete: "set null" }),
    theme: text("theme").notNull(),
    title: text("title").notNull(),
    promise: text("promise").notNull(),
    description: text("description").notNull(),
    sessionCount: integer("session_count").notNull().default(0),
    /** A starter series' content hash: its copy is rewritten when the file changes. */
    contentVersion: text("content_version"),
    /** A starter series no longer in content/series: its followers keep it, the library no longer offers it. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /** Its cover artwork (admin Generate images, stored under covers/series/); null shows the theme's colour and sign. */
    imageUrl: text("image_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("series_owner_idx").on(t.ownerId), index("series_flock_idx").on(t.flockId)],
);

/**
 * One session of a series. Its id is stable (a starter series rewritten from its file keeps its sessions' ids by
 * position), so a gathering, a completion or a comment can point at it.
 */
export const seriesSessions = pgTable(
  "series_sessions",
  {
    id: uuidPrimaryKey(),
    seriesId: uuid("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    /** 1, 2, 3... in the series. */
    position: integer("position").notNull(),
    title: text("title").notNull(),
    /** One WEB reference ("James 1:19-27"). */
    passage: text("passage").notNull(),
    teaching: text("teaching").notNull(),
    questions: text("questions").array().notNull(),
    challenge: text("challenge").notNull(),
    prayer: text("prayer").notNull(),
    commentCount: integer("comment_count").notNull().default(0),
  },
  (t) => [uniqueIndex("series_sessions_series_position_key").on(t.seriesId, t.position)],
);

/** A member following a series: one per member and series. */
export const seriesFollows = pgTable(
  "series_follows",
  {
    userId: ownerId(),
    seriesId: uuid("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seriesId] }), index("series_follows_series_idx").on(t.seriesId)],
);

/** A session he marked done. */
export const seriesSessionCompletions = pgTable(
  "series_session_completions",
  {
    userId: ownerId(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => seriesSessions.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sessionId] }), index("series_session_completions_session_idx").on(t.sessionId)],
);

/** Comments under a session (community/threads.ts: seriesSessionThread). */
export const seriesSessionComments = pgTable(
  "series_session_comments",
  {
    id: uuidPrimaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => seriesSessions.id, { onDelete: "cascade" }),
    userId: ownerId(),
    body: text("body").notNull(),
    hiddenAt: hiddenAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("series_session_comments_session_created_idx").on(t.sessionId, t.createdAt)],
);

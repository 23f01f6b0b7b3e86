import { sql } from "drizzle-orm";
import {
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { flockMembers, flocks } from "./community";
import { createdAt, ownerId, updatedAt, uuidPrimaryKey, hiddenAt } from "./columns";

/**
 * The Path (docs/path.md). A plan has days whatever made it: the starter library (content/plans, copied in at start)
 * or, later, a member's own plan. Spec section 3 names plan_days (id, plan_id).
 */
export const plans = pgTable(
  "plans",
  {
    id: uuidPrimaryKey(),
    /** A starter plan's id in content/plans; null for a member's own plan. */
    slug: text("slug").unique(),
    /** starter or custom. */
    source: text("source").notNull(),
    /** Who made a custom plan (his to see); null for starter plans. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    theme: text("theme").notNull(),
    title: text("title").notNull(),
    promise: text("promise").notNull(),
    description: text("description").notNull(),
    topics: text("topics")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minutesPerDay: integer("minutes_per_day").notNull(),
    dayCount: integer("day_count").notNull().default(0),
    /** A starter plan's content hash: its copy is replaced when the file changes. */
    contentVersion: text("content_version"),
    /** A starter plan no longer in content/plans: its followers keep it, the library no longer offers it. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /**
     * ready (it has its days), generating (being written in the background), failed (writing failed every retry), or
     * draft (a member's plan in the builder, not yet published).
     */
    status: text("status").notNull().default("ready"),
    /** What the member asked for in the creation wizard (the writer reads it; Try again reuses it). */
    brief: jsonb("brief"),
    /**
     * The days written so far while generating, kept here as the writer's checkpoint: the plan gets its plan_days only
     * once generation has finished (spec section 3).
     */
    draftDays: jsonb("draft_days").notNull().default([]),
    generationError: text("generation_error"),
    /** Its cover artwork (admin Generate images, stored under covers/plan/); null shows the theme's colour and sign. */
    imageUrl: text("image_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("plans_owner_idx").on(t.ownerId)],
);

export const planDays = pgTable(
  "plan_days",
  {
    id: uuidPrimaryKey(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    dayNumber: integer("day_number").notNull(),
    title: text("title").notNull(),
    passages: text("passages").array().notNull(),
    /** Other verses the reading cites. */
    citedReferences: text("cited_references")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    reading: text("reading").notNull(),
    questions: text("questions").array().notNull(),
    challenge: text("challenge").notNull(),
    prayer: text("prayer").notNull(),
  },
  (t) => [uniqueIndex("plan_days_plan_day_key").on(t.planId, t.dayNumber)],
);

/** A member following a plan: one per member and plan (starting again restarts it). */
export const planEnrollments = pgTable(
  "plan_enrollments",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    /** active, paused or completed. */
    status: text("status").notNull().default("active"),
    /** His date when day 1 opened (or opens). */
    startDate: date("start_date").notNull(),
    pausedOn: date("paused_on"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("plan_enrollments_user_plan_key").on(t.userId, t.planId)],
);

/** A day he marked complete, with his own date of it. */
export const planDayCompletions = pgTable(
  "plan_day_completions",
  {
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => planEnrollments.id, { onDelete: "cascade" }),
    planDayId: uuid("plan_day_id")
      .notNull()
      .references(() => planDays.id, { onDelete: "cascade" }),
    userId: ownerId(),
    completedOn: date("completed_on").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enrollmentId, t.planDayId] }), index("plan_day_completions_user_idx").on(t.userId)],
);

/** A plan followed together by some of a flock (started by one of them): one per plan and flock. */
export const planGroups = pgTable(
  "plan_groups",
  {
    id: uuidPrimaryKey(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    flockId: uuid("flock_id")
      .notNull()
      .references(() => flocks.id, { onDelete: "cascade" }),
    startedBy: text("started_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("plan_groups_plan_flock_key").on(t.planId, t.flockId), index("plan_groups_flock_idx").on(t.flockId)],
);

/**
 * Who follows a plan with the group: invited (asked by the one who started it) or joined. Tied to his flock
 * membership: leaving the flock (or being removed) removes him from its shared plans; his own progress in the plan
 * (his enrollment) stays his.
 */
export const planGroupMembers = pgTable(
  "plan_group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => planGroups.id, { onDelete: "cascade" }),
    flockId: uuid("flock_id").notNull(),
    userId: ownerId(),
    status: text("status").notNull().default("invited"),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index("plan_group_members_user_idx").on(t.userId),
    foreignKey({ columns: [t.flockId, t.userId], foreignColumns: [flockMembers.flockId, flockMembers.userId] }).onDelete(
      "cascade",
    ),
  ],
);

/** A day's discussion in a group (its comments are plan_day_comments; community/threads.ts). */
export const planDayDiscussions = pgTable(
  "plan_day_discussions",
  {
    id: uuidPrimaryKey(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => planGroups.id, { onDelete: "cascade" }),
    dayNumber: integer("day_number").notNull(),
    commentCount: integer("comment_count").notNull().default(0),
  },
  (t) => [uniqueIndex("plan_day_discussions_group_day_key").on(t.groupId, t.dayNumber)],
);

export const planDayComments = pgTable(
  "plan_day_comments",
  {
    id: uuidPrimaryKey(),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => planDayDiscussions.id, { onDelete: "cascade" }),
    userId: ownerId(),
    body: text("body").notNull(),
    hiddenAt: hiddenAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("plan_day_comments_discussion_created_idx").on(t.discussionId, t.createdAt)],
);

import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { uuidPrimaryKey, createdAt, ownerId } from "./columns";

/**
 * What admins did: who (actor), what (action), to whom or what (target), when, and the details. Written in the same
 * transaction as the action it records; the member's admin page shows the entries about him.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuidPrimaryKey(),
    /** The admin; kept as his email too, so the entry still says who when his account is gone. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    /** The member the action was about, when it was about one. */
    targetUserId: text("target_user_id").references(() => users.id, { onDelete: "set null" }),
    /** What the action was about, in words or as an id ("job 1f2e...", "user 3a4b..."). */
    target: text("target").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_target_created_idx").on(t.targetUserId, t.createdAt),
    index("admin_audit_log_created_idx").on(t.createdAt),
  ],
);

/**
 * A/B tests: an experiment's variants and weights (fixed once created, so an assignment never moves), the named
 * action counted as its conversion, and its state (draft, running, stopped).
 */
export const experiments = pgTable("experiments", {
  id: uuidPrimaryKey(),
  name: text("name").notNull().unique(),
  variants: jsonb("variants").$type<Array<{ name: string; weight: number }>>().notNull(),
  conversionEvent: text("conversion_event").notNull(),
  status: text("status").$type<"draft" | "running" | "stopped">().notNull().default("draft"),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  startedAt: timestamp("started_at", { withTimezone: true }),
  stoppedAt: timestamp("stopped_at", { withTimezone: true }),
});

/**
 * A member shown an experiment's variant (the upgrade banner appeared), once per experiment: his first exposure's
 * time and variant. His conversion is his first activity event of the experiment's action after it.
 */
export const experimentExposures = pgTable(
  "experiment_exposures",
  {
    experimentId: uuid("experiment_id")
      .notNull()
      .references(() => experiments.id, { onDelete: "cascade" }),
    userId: ownerId(),
    variant: text("variant").notNull(),
    exposedAt: timestamp("exposed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.experimentId, t.userId] }), index("experiment_exposures_user_idx").on(t.userId)],
);

/**
 * The dashboard's active members of each finished UTC day (issue 17), rolled up once from activity_events by
 * modules/admin/active-days.ts: members active that day, in the 7 days and in the 30 days ending on it. A day is
 * written when it is over (a nightly job, or the dashboard when it finds one missing); an event dated in the past
 * drops the days it changes (trigger `activity_events_noted`), to be rolled up again.
 */
export const adminActiveDays = pgTable("admin_active_days", {
  day: date("day").primaryKey(),
  daily: integer("daily").notNull(),
  weekly: integer("weekly").notNull(),
  monthly: integer("monthly").notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each member's last UTC day with any activity_events row, kept by the trigger `activity_events_noted`: today's daily,
 * weekly and monthly active members are one scan of this table, not of the month's events.
 */
export const memberLastActive = pgTable(
  "member_last_active",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
  },
  (t) => [index("member_last_active_day_idx").on(t.day)],
);

/**
 * The scheduled backups (BACKUP_DIR; backup/schedule.ts): one row per run, whichever process ran it, so Admin Health
 * can say when the last one was written and how big it is, or why it failed.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuidPrimaryKey(),
    /** The archive's path on the machine that wrote it. */
    file: text("file").notNull(),
    bytes: bigint("bytes", { mode: "number" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [index("backup_runs_started_idx").on(t.startedAt)],
);

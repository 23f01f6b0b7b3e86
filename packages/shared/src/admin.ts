import { z } from "zod";
import { SUPPORT_STATUSES, type SupportMessage, type SupportStatus } from "./support";

/** The admin area's request contracts and answers (modules/admin on the server, features/admin on the web). */

export const ADMIN_RANGES = [7, 30, 90] as const;
export type AdminRange = (typeof ADMIN_RANGES)[number];
export const ADMIN_PAGE_SIZE = 25;
/** A CSV export holds at most this many rows (the newest first); a larger table is narrowed by its search first. */
export const ADMIN_EXPORT_MAX_ROWS = 10_000;

const noNul = (value: string) => !value.includes("\u0000");

export const adminRangeQuery = z
  .object({
    range: z
      .enum(["7", "30", "90"], { error: "must be 7, 30 or 90 (days)" })
      .default("30")
      .transform((v) => Number(v) as AdminRange),
  })
  .strict();

const pageField = z
  .string()
  .regex(/^[1-9][0-9]{0,5}$/, "must be a whole number from 1")
  .default("1")
  .transform(Number);
const formatField = z.enum(["json", "csv"], { error: "must be json or csv" }).default("json");

export const adminPageQuery = z.object({ page: pageField, format: formatField }).strict();

export const adminFeaturesQuery = z
  .object({
    range: adminRangeQuery.shape.range,
    format: formatField,
  })
  .strict();

export const adminUserSearchQuery = z
  .object({
    q: z
      .string()
      .max(200, "Search for at most 200 characters")
      .refine(noNul, "may not contain NUL characters")
      .default("")
      .transform((v) => v.trim()),
    page: pageField,
    format: formatField,
  })
  .strict();

export const SUBSCRIPTION_FILTERS = ["all", "trialing", "active", "past_due", "canceling", "canceled"] as const;
export type SubscriptionFilter = (typeof SUBSCRIPTION_FILTERS)[number];

export const adminSubscriptionsQuery = z
  .object({
    status: z.enum(SUBSCRIPTION_FILTERS, { error: `must be one of ${SUBSCRIPTION_FILTERS.join(", ")}` }).default("all"),
    page: pageField,
    format: formatField,
  })
  .strict();

export const adminRoleInput = z.object({ admin: z.boolean({ error: "must be true or false" }) }).strict();
export const adminBanInput = z
  .object({
    reason: z
      .string()
      .trim()
      .max(500, "Keep the reason under 500 characters")
      .refine(noNul, "may not contain NUL characters")
      .optional(),
  })
  .strict();

export interface AdminPage<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
}

/** One series per day of the range, oldest first; `days` are YYYY-MM-DD (UTC). */
export interface AdminDashboard {
  range: AdminRange;
  days: string[];
  now: {
    members: number;
    premium: number;
    trials: number;
  };
  series: Record<DashboardMetric, number[]>;
}

export const DASHBOARD_METRICS = [
  "members",
  "daily_active",
  "weekly_active",
  "monthly_active",
  "signups",
  "devotionals_completed",
  "check_ins",
  "journal_entries",
  "posts",
  "premium",
  "trials",
] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: string | null;
  banned: boolean;
  created_at: string;
}

export interface AdminAuditEntry {
  id: string;
  actor_email: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
  created_at: string;
}

export interface AdminUserDetail {
  account: {
    id: string;
    name: string;
    email: string;
    email_verified: boolean;
    role: string | null;
    is_admin: boolean;
    banned: boolean;
    ban_reason: string | null;
    two_factor_enabled: boolean;
    created_at: string;
  };
  profile: {
    display_name: string | null;
    username: string | null;
    onboarding_completed_at: string | null;
  } | null;
  subscription: {
    plan_type: string | null;
    status: string | null;
    trial_end: string | null;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
    is_premium: boolean;
    provider: string | null;
  };
  usage: {
    month: string;
    devotional_generations: number;
    insight_generations: number;
    audio_generations: number;
    journal_entries: number;
    image_generations: number;
    total_tokens_used: number;
  };
  last_active_at: string | null;
  sessions: number;
  reports_against: Array<{
    id: string;
    target_type: string;
    reason: string;
    status: string;
    excerpt: string;
    created_at: string;
  }>;
  audit: AdminAuditEntry[];
}

/** Issue 40: how often every server process sends its heartbeat, and after how many beats unheard it is gone. */
export const SERVER_HEARTBEAT_SECONDS = 10;
export const SERVER_GONE_AFTER_BEATS = 3;

/** One live server process, from its heartbeat (issue 40): every process on the database, whichever answered. */
export interface AdminServerProcess {
  id: string;
  host: string;
  pid: number;
  /** The app's version, with the build's stamp when it runs from a build. */
  version: string;
  /** SERVER_ROLE as this process plays it: `all` runs the jobs and serves; `web` serves; `worker` runs the jobs. */
  role: "web" | "worker" | "all";
  started_at: string;
  last_seen_at: string;
  /** Resident memory at its last heartbeat. */
  memory_bytes: number;
  /** Open HTTP connections at its last heartbeat (event streams and gathering sockets among them). */
  connections: number;
  /** The process that answered this request. */
  answering: boolean;
}

export interface AdminHealth {
  server: { uptime_seconds: number; memory: { rss: number; heap_used: number; heap_total: number }; node: string };
  /** Every server process heard from lately, by host and start. */
  processes: AdminServerProcess[];
  database: {
    version: string;
    size_bytes: number;
    connections: { total: number; active: number; max: number };
    /** null when pg_stat_statements is not installed in this database. */
    slowest_statements: Array<{ query: string; calls: number; mean_ms: number; total_ms: number }> | null;
  };
  jobs: Array<{ queue: string; queued: number; active: number; failed: number }>;
  /** Every stored file the database knows of (stored_files), and where they are: the folder's path or the bucket. */
  storage: { bytes: number; files: number; where: string };
  /**
   * Scheduled backups (BACKUP_DIR): off, or the last run: when it finished (or started, while running), the archive's
   * size, and its error when it failed.
   */
  backups:
    | { scheduled: false }
    | {
        scheduled: true;
        dir: string;
        keep: number;
        last: { at: string; file: string; bytes: number | null; error: string | null; running: boolean } | null;
      };
  /** Retries of failed jobs, newest first (the audit log's entries about the queue). */
  job_audit: AdminAuditEntry[];
  providers: Array<{
    kind: string;
    name: string;
    state: "configured" | "offline default";
    last_error: string | null;
    last_error_at: string | null;
  }>;
}

export interface AdminFailedJob {
  id: string;
  queue: string;
  created_at: string;
  retry_count: number;
  error: string | null;
}

export interface AdminErrorGroup {
  message: string;
  stack: string | null;
  count: number;
  first_seen: string;
  last_seen: string;
  url: string | null;
}

export interface AdminSubscriptions {
  range: AdminRange;
  now: {
    premium: number;
    trials: number;
    paying: number;
    canceling: number;
    canceled: number;
    payment_failures: number;
    mrr_cents: number;
  };
  days: string[];
  mrr_cents: number[];
}

export interface AdminSubscriptionRow {
  user_id: string;
  name: string;
  email: string;
  plan_type: string;
  status: string;
  trial_end: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  provider: string;
  updated_at: string;
}

export interface AdminBillingEvent {
  id: string;
  type: string;
  received_at: string;
}

/** Admin Support: the inbox (filter by status). */
export const adminSupportQuery = z
  .object({
    status: z.enum(["all", ...SUPPORT_STATUSES], { error: "must be all, open, waiting or closed" }).default("all"),
    page: pageField,
    format: formatField,
  })
  .strict();

export interface AdminSupportRow {
  id: string;
  subject: string;
  status: SupportStatus;
  user_id: string;
  name: string;
  email: string;
  messages: number;
  created_at: string;
  last_message_at: string;
}

export interface AdminSupportThread {
  request: AdminSupportRow;
  messages: Array<SupportMessage & { admin_email: string | null; mail_error: string | null }>;
  audit: AdminAuditEntry[];
}

export interface AdminSupportReply {
  thread: AdminSupportThread;
  /** Whether the reply went out by mail (it is kept in the thread either way). */
  mailed: boolean;
  mail_error: string | null;
}

/** Admin Churn: members with no activity in this many days. */
export const CHURN_WINDOWS = [7, 14, 30] as const;
export type ChurnWindow = (typeof CHURN_WINDOWS)[number];
/** Retention cohorts: this many sign-up weeks (Sunday to Saturday), each followed this many weeks. */
export const COHORT_WEEKS = 8;

export const adminInactiveQuery = z
  .object({
    days: z
      .enum(["7", "14", "30"], { error: "must be 7, 14 or 30 (days)" })
      .default("7")
      .transform((v) => Number(v) as ChurnWindow),
    page: pageField,
    format: formatField,
  })
  .strict();

export interface AdminChurn {
  /** Members who joined at least that many days ago and have no activity since. */
  inactive: Record<ChurnWindow, number>;
  members: number;
  cancellations: { last_30_days: number; with_reason: number };
  /** Sign-up weeks, oldest first; `retained[k]` is the members of the cohort active in week k after it (0: its own). */
  cohorts: Array<{ week: string; members: number; retained: Array<number | null> }>;
}

export interface AdminInactiveRow {
  user_id: string;
  name: string;
  email: string;
  joined: string;
  last_active_at: string | null;
}

export interface AdminCancellationRow {
  id: string;
  user_id: string;
  name: string;
  email: string;
  plan_type: string;
  reason: string | null;
  provider: string;
  created_at: string;
}

/** Admin Features: use of each part of Shepherd over the range. */
export interface AdminFeatures {
  range: AdminRange;
  days: string[];
  /** One row per part of the product (page_route's first segment). */
  page_views: Array<{ feature: string; views: number; members: number }>;
  /** Named actions (complete, check-in, journal save, post, listen...) by name. */
  actions: Array<{ action: string; count: number; members: number }>;
  /** Refusals of the access check by feature: a free member at his monthly cap, or a Premium-only feature. */
  cap_hits: Array<{ feature: string; limit_reached: number; premium_only: number; members: number }>;
  ai: {
    tokens_by_day: number[];
    audio_minutes_by_day: number[];
    by_feature: Array<{ feature: string; calls: number; tokens: number }>;
  };
}

export const reportAuthorBanInput = z
  .object({
    reason: z
      .string()
      .trim()
      .max(500, "Keep the reason under 500 characters")
      .refine(noNul, "may not contain NUL characters")
      .optional(),
  })
  .strict();

export interface AdminSupportInbox extends AdminPage<AdminSupportRow> {
  counts: Record<SupportStatus, number>;
}

/** What Generate images draws for: devotionals' artwork, and plans' and series' covers. */
export const ADMIN_IMAGE_KINDS = ["devotionals", "plans", "series"] as const;
export type AdminImageKind = (typeof ADMIN_IMAGE_KINDS)[number];

const imageKindField = z.enum(ADMIN_IMAGE_KINDS, { error: "must be devotionals, plans or series" }).default("devotionals");

/** Admin Generate images: one kind's list (all, or only those missing an image), searched by `q`. */
export const adminImagesQuery = z
  .object({
    kind: imageKindField,
    q: z
      .string()
      .max(200, "Search for at most 200 characters")
      .refine(noNul, "may not contain NUL characters")
      .default("")
      .transform((v) => v.trim()),
    missing: z
      .enum(["true", "false"], { error: "must be true or false" })
      .default("false")
      .transform((v) => v === "true"),
    page: pageField,
    format: formatField,
  })
  .strict();

/** POST /api/admin/images/missing?kind=: which kind's missing images the job draws. */
export const adminMissingImagesQuery = z.object({ kind: imageKindField }).strict();

export interface AdminDevotionalImageRow {
  id: string;
  devotional_date: string;
  title: string;
  passage: string;
  theme: string;
  member_email: string;
  image_url: string | null;
}

/** A plan or a series, for its cover. */
export interface AdminCoverImageRow {
  id: string;
  /** starter (the library's, from content/) or custom (a member's). */
  source: string;
  title: string;
  theme: string;
  /** What the offline cover shows: a plan's day 1 first passage, a series' session 1 passage; null before it has one. */
  passage: string | null;
  /** Who made a custom one; null for the library's. */
  owner_email: string | null;
  image_url: string | null;
}

interface AdminImagesOf<K extends AdminImageKind, Row> {
  kind: K;
  /** "offline" (drawn by our code) or the images model (IMAGE_MODEL), with the offline drawing as its fallback. */
  provider: string;
  /** How many of this kind have no image. */
  missing: number;
  /** How many of this kind there are. */
  count: number;
  list: AdminPage<Row>;
}

export type AdminImages =
  AdminImagesOf<"devotionals", AdminDevotionalImageRow> | AdminImagesOf<"plans" | "series", AdminCoverImageRow>;

export interface AdminGeneratedImage {
  kind: AdminImageKind;
  /** The devotional's, plan's or series' id. */
  id: string;
  image_url: string;
  source: "model" | "offline";
  bytes: number;
  /** The model's error when it was configured but the offline drawing stood in. */
  fallback_reason: string | null;
}

import { z } from "zod";
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from "./constants";
import { NAME_TOO_LONG, NAME_TOO_SHORT } from "./auth-rules";
import { CURRENT_TOPIC_IDS, FOCUS_THEME_IDS } from "./themes";
import { PLAN_IDS } from "./plans";
import { DEFAULT_INSIGHT_RANGE, INSIGHT_PERIOD_IDS, INSIGHT_RANGE_IDS } from "./insights";

/** Request and response contracts of our API, shared by server validation and client forms. */

export const displayNameSchema = z
  .string({ error: "Display name must be text" })
  .trim()
  .min(DISPLAY_NAME_MIN, NAME_TOO_SHORT)
  .max(DISPLAY_NAME_MAX, NAME_TOO_LONG);

export const usernameSchema = z
  .string({ error: "Username must be text" })
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be ${USERNAME_MAX} characters or less`)
  .regex(USERNAME_PATTERN, "Username can use only letters, numbers and underscores");

export const profileSchema = z.object({
  id: z.string(),
  display_name: z.string().nullable(),
  username: z.string().nullable(),
  avatar_url: z.string().nullable(),
  focus: z.array(z.enum(FOCUS_THEME_IDS)),
  current_topics: z.array(z.enum(CURRENT_TOPIC_IDS)),
  onboarding_completed_at: z.string().nullable(),
  /** Flock members see my streak only when this is on (off by default). */
  share_streak: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
  }),
  profile: profileSchema,
  isAdmin: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const updateProfileInput = z
  .object({
    display_name: displayNameSchema.optional(),
    username: usernameSchema.optional(),
    focus: z
      .array(z.enum(FOCUS_THEME_IDS, { error: "Choose focus areas from the list" }))
      .max(FOCUS_THEME_IDS.length)
      .optional(),
    current_topics: z
      .array(z.enum(CURRENT_TOPIC_IDS, { error: "Choose topics from the list" }))
      .max(CURRENT_TOPIC_IDS.length)
      .optional(),
    share_streak: z.boolean({ error: "share_streak must be true or false" }).optional(),
  })
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const usernameAvailabilityQuery = z.object({ username: z.string().max(100) }).strict();
export const usernameAvailabilitySchema = z.object({
  username: z.string(),
  available: z.boolean(),
  reason: z.string().nullable(),
});
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;

/** The named actions the web app records through track-user-activity, besides `page_view` on every route change. */
export const NAMED_ACTIONS = {
  complete: "devotional_complete",
  checkIn: "check_in",
  journalSave: "journal_save",
  post: "post_create",
  listen: "listen",
} as const;
export type NamedAction = (typeof NAMED_ACTIONS)[keyof typeof NAMED_ACTIONS];

/** Recorded by the server when a member opens a checkout (POST /api/subscription/checkout); a client may not send it. */
export const CHECKOUT_START_ACTION = "checkout_start";

/** Recorded by the server when the access check refuses a feature (admin Features' cap hits); a client may not send it. */
export const CAP_HIT_ACTION = "cap_hit";

/** Spec section 7: track-user-activity body. */
export const trackActivityInput = z
  .object({
    action_type: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine((v) => v !== CAP_HIT_ACTION && v !== CHECKOUT_START_ACTION, "this action is recorded by the server"),
    page_route: z.string().max(512).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type TrackActivityInput = z.infer<typeof trackActivityInput>;

/** Spec section 7: send-welcome-email body. */
export const welcomeEmailInput = z
  .object({ email: z.string().email("Please enter a valid email address"), displayName: z.string().max(100) })
  .strict();

export const errorReportInput = z
  .object({
    message: z.string().max(2000),
    // Issue 19: a browser's stack is a few KB; 8,000 characters each keeps a report under 20 KB.
    stack: z.string().max(8_000).optional(),
    component_stack: z.string().max(8_000).optional(),
    url: z.string().max(2048).optional(),
    user_agent: z.string().max(512).optional(),
  })
  .strict();
export type ErrorReportInput = z.infer<typeof errorReportInput>;

export const deleteAccountInput = z.object({ confirm: z.literal("DELETE", { error: 'Type "DELETE" to confirm' }) }).strict();

/** Every error the API returns has this shape; `message` is meant for the person. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), issues: z.array(z.string()).optional() }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const checkoutInput = z.object({ plan: z.enum(PLAN_IDS, { error: "Choose Premium Monthly or Premium Annual" }) }).strict();
export const checkAccessInput = z.object({ feature: z.string({ error: "Name the feature to check" }).max(64) }).strict();

// --- Today -----------------------------------------------------------------------------------------------------

export const devotionalSchema = z.object({
  id: z.string(),
  devotional_date: z.string(),
  title: z.string(),
  passage: z.string(),
  passage_text: z.string(),
  content: z.string(),
  reflection: z.string(),
  theme: z.string(),
  prayer: z.string(),
  image_url: z.string().nullable(),
});
export type Devotional = z.infer<typeof devotionalSchema>;

export interface Progress {
  id: string;
  devotional_id: string;
  completed: boolean;
  completed_at: string | null;
  spiritual_connection: number;
  connection_updated_at: string | null;
  prayed_at: string | null;
}

export interface Checkin {
  check_in_date: string;
  mood: string;
  focus_areas: string[];
  notes: string | null;
  spiritual_connection: number | null;
  updated_at: string;
}

export interface Whisper {
  id: string;
  message: string;
  trigger_type: string;
  read: boolean;
  created_at: string;
}

export interface JournalEntry {
  id: string;
  entry_date: string;
  devotional_id: string | null;
  /** Written from a day of The Path. */
  plan_day_id: string | null;
  devotional_title: string | null;
  passage: string | null;
  reflection: string | null;
  content: string;
  created_at: string;
  updated_at: string;
}

export interface TodayState {
  date: string;
  time_zone: string;
  devotional: Devotional;
  progress: Progress;
  streak: number;
  checkin: Checkin | null;
  journal_saved_today: boolean;
  whisper: Whisper | null;
}

/** A day that counts for the streak (spec section 4): a devotional completed, a check-in made, or both. */
export interface KeptDay {
  date: string;
  completed: boolean;
  checked_in: boolean;
}

/** GET /api/streak/days: the kept days between two of his dates (the streak calendar), his today and his streak. */
export interface StreakDays {
  today: string;
  streak: number;
  days: KeptDay[];
}

/** The longest span the streak calendar asks for at once: a month's grid is at most six weeks. */
export const STREAK_DAYS_MAX_SPAN = 62;

const dayDiff = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export const streakDaysQuery = z
  .object({
    from: z.iso.date({ error: "Give from as a date, YYYY-MM-DD" }),
    to: z.iso.date({ error: "Give to as a date, YYYY-MM-DD" }),
  })
  .strict()
  .refine((q) => dayDiff(q.from, q.to) >= 0, { message: "to must not be before from", path: ["to"] })
  .refine((q) => dayDiff(q.from, q.to) < STREAK_DAYS_MAX_SPAN, {
    message: `Ask for at most ${STREAK_DAYS_MAX_SPAN} days at a time`,
    path: ["to"],
  });

/** Answers that may carry the care card instead of (or beside) an AI response. */
export interface CareFlag {
  care: boolean;
}

export const devotionalRefInput = z.object({ devotional_id: z.string().uuid("devotional_id must be an id") }).strict();
export const connectionInput = z
  .object({
    devotional_id: z.string().uuid("devotional_id must be an id"),
    value: z
      .number({ error: "value must be a number from 0 to 100" })
      .int("value must be a whole number")
      .min(0, "value must be a number from 0 to 100")
      .max(100, "value must be a number from 0 to 100"),
  })
  .strict();
/** How many days back a write made offline may still count for the day it was made. */
export const OFFLINE_WRITE_MAX_DAYS = 3;
/** Issue 18: his own date when a write was made offline (the check-in, a plan day completed). */
export const MADE_ON_INPUT = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "made_on must be a date like 2026-01-31");
export const checkinInput = z
  .object({
    mood: z.enum(["struggling", "neutral", "good", "great"], { error: "Choose a mood: struggling, neutral, good or great" }),
    focus_areas: z
      .array(z.enum(FOCUS_THEME_IDS, { error: "Choose focus areas from the list" }))
      .max(8)
      .default([]),
    notes: z.string().max(2000, "Notes must be 2000 characters or less").optional(),
    spiritual_connection: z
      .number({ error: "spiritual_connection must be a whole number from 0 to 100" })
      .int("spiritual_connection must be a whole number from 0 to 100")
      .min(0, "spiritual_connection must be a whole number from 0 to 100")
      .max(100, "spiritual_connection must be a whole number from 0 to 100")
      .optional(),
    /**
     * Issue 18: the day (his own date) a check-in made offline was made, so it counts for that day when it is sent
     * later; up to OFFLINE_WRITE_MAX_DAYS back. Absent: today.
     */
    made_on: MADE_ON_INPUT.optional(),
  })
  .strict();
export const journalInput = z
  .object({
    // Length is checked by journalError (section 5's messages); the 64 KB body limit bounds it first.
    content: z.string({ error: "Write your entry as text" }),
    devotional_id: z.string().uuid("devotional_id must be the id of a devotional").optional(),
  })
  .strict();
export const journalUpdateInput = z.object({ content: z.string({ error: "Write your entry as text" }) }).strict();
/** `before` is the `next_before` of the previous page, as the server gave it. */
export const journalListQuery = z
  .object({
    q: z.string().max(200, "Search for at most 200 characters").optional(),
    before: z.string().max(200).optional(),
  })
  .strict();
export const whisperListQuery = z.object({ before: z.string().max(200).optional() }).strict();
export const encouragementInput = z
  .object({
    triggerType: z.enum(["victory", "daily_checkin", "struggle"], {
      error: "triggerType must be victory, daily_checkin or struggle",
    }),
    contextData: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
const connectionValue = z
  .number({ error: "spiritualConnection must be a whole number from 0 to 100" })
  .int("spiritualConnection must be a whole number from 0 to 100")
  .min(0, "spiritualConnection must be a whole number from 0 to 100")
  .max(100, "spiritualConnection must be a whole number from 0 to 100");
/** Spec section 7: the context fields of each trigger type, checked once the trigger type is known. */
export const encouragementContexts = {
  victory: z
    .object({
      journalLength: z.number({ error: "journalLength must be a number" }).int().min(0).max(100_000).optional(),
      devotionalTitle: z.string({ error: "devotionalTitle must be text" }).max(200).optional(),
    })
    .strict(),
  daily_checkin: z
    .object({
      spiritualConnection: connectionValue.nullable().optional(),
      focusAreas: z
        .array(z.enum(FOCUS_THEME_IDS, { error: "Choose focus areas from the list" }))
        .max(FOCUS_THEME_IDS.length)
        .optional(),
      notes: z.string({ error: "notes must be text" }).max(2000, "Notes must be 2000 characters or less").optional(),
    })
    .strict(),
  struggle: z
    .object({
      spiritualConnection: connectionValue.optional(),
      devotionalId: z.string().uuid("devotionalId must be the id of your devotional").nullable().optional(),
    })
    .strict(),
} as const;
/** GET /api/insights/data?range= (4w, 3m or 1y; 4 weeks when left out). */
export const insightsDataQuery = z
  .object({ range: z.enum(INSIGHT_RANGE_IDS, { error: "range must be 4w, 3m or 1y" }).default(DEFAULT_INSIGHT_RANGE) })
  .strict();
/** POST /api/insights: a reflection on the last week or month. */
export const generateInsightInput = z
  .object({ period: z.enum(INSIGHT_PERIOD_IDS, { error: "period must be week or month" }) })
  .strict();
export const insightListQuery = z.object({ before: z.string().max(200).optional() }).strict();
export const timeZoneInput = z.object({ time_zone: z.string().max(64) }).strict();

/** GET /api/site: who runs this Shepherd service, as its legal pages name them (null: not configured). */
export interface SiteInfo {
  operator_name: string | null;
  contact_email: string | null;
  jurisdiction: string | null;
}

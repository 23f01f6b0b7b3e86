import { z } from "zod";
import { addDays, daysBetween } from "./dates";
import { FOCUS_THEME_IDS, type CurrentTopicId, type FocusThemeId } from "./themes";
import { MADE_ON_INPUT, type JournalEntry } from "./api";
import type { PersonRef } from "./community";

/**
 * The Path (`/path`, `/path/{planId}`): growth plans a man follows one day at a time. The spec names plans and
 * plan_days (section 3) and leaves the rest "not shown"; the design is in docs/path.md. A plan has days whatever made
 * it (the starter library in content/plans, or, later, the creation wizard and the builder).
 */

/** Where a plan came from. */
export const PLAN_SOURCES = ["starter", "custom"] as const;
export type PlanSource = (typeof PLAN_SOURCES)[number];

/**
 * A plan's own state: ready (it has its days), generating (being written in the background), failed (the writing
 * failed every retry: Try again), draft (a member's plan in the builder, not yet published).
 */
export const PLAN_STATUSES = ["ready", "generating", "failed", "draft"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** A follower's plan: active (days unlock one per calendar day), paused (the schedule waits), completed. */
export const ENROLLMENT_STATUSES = ["active", "paused", "completed"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/** The library's length filter: plans people finish are 5-10 days (CONTENT.md). */
export const PLAN_LENGTHS = [
  { id: "short", label: "Up to 7 days", min: 1, max: 7 },
  { id: "medium", label: "8 to 14 days", min: 8, max: 14 },
  { id: "long", label: "15 days or more", min: 15, max: 366 },
] as const;
export type PlanLengthId = (typeof PLAN_LENGTHS)[number]["id"];

/** A plan may start today or on a chosen day up to this many days ahead. */
export const PLAN_START_MAX_DAYS_AHEAD = 60;
/** Onboarding offers this many starter plans. */
export const ONBOARDING_PLAN_CHOICES = 3;

// --- The schedule -------------------------------------------------------------------------------------------------

/** Days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export { addDays, daysBetween };

export interface ScheduleInput {
  dayCount: number;
  status: EnrollmentStatus;
  /** The day the plan's day 1 opened (or opens). */
  startDate: string;
  /** While paused: the follower's date when he paused. */
  pausedOn: string | null;
  /** His date today, in his time zone. */
  today: string;
  /** Day numbers he has marked complete. */
  completedDays: readonly number[];
}

export interface Schedule {
  /** Days open so far: one per calendar day from the start (frozen while paused); 0 before the start. */
  unlocked: number;
  /** The day to do next: the first one open and not done; null when every open day is done. */
  nextDay: number | null;
  /** Open days not done besides today's: more than 0 means he is behind (offer Catch up or Reset schedule). */
  behind: number;
  completedCount: number;
  /** 0-100. */
  percent: number;
  /** Every day is done. */
  finished: boolean;
}

/** Where a follower stands in his plan. Pure: the server and the tests share it. */
export function planSchedule(input: ScheduleInput): Schedule {
  const done = new Set(input.completedDays.filter((n) => n >= 1 && n <= input.dayCount));
  const asOf = input.status === "paused" && input.pausedOn ? input.pausedOn : input.today;
  const elapsed = daysBetween(input.startDate, asOf);
  const unlocked = input.status === "completed" ? input.dayCount : Math.min(input.dayCount, Math.max(0, elapsed + 1));
  let nextDay: number | null = null;
  for (let day = 1; day <= unlocked; day++) {
    if (!done.has(day)) {
      nextDay = day;
      break;
    }
  }
  let missed = 0;
  for (let day = 1; day < unlocked; day++) if (!done.has(day)) missed += 1;
  return {
    unlocked,
    nextDay,
    behind: missed,
    completedCount: done.size,
    percent: input.dayCount ? Math.round((done.size / input.dayCount) * 100) : 0,
    finished: input.dayCount > 0 && done.size === input.dayCount,
  };
}

/** "Reset schedule": the start that makes the first day not done today's. */
export function resetStartDate(input: { today: string; completedDays: readonly number[]; dayCount: number }): string {
  const done = new Set(input.completedDays);
  let first = 1;
  while (first < input.dayCount && done.has(first)) first += 1;
  return addDays(input.today, -(first - 1));
}

/** Resuming a pause: the schedule moves on by the days it waited, so he picks up where he stopped. */
export function resumedStartDate(input: { startDate: string; pausedOn: string; today: string }): string {
  return addDays(input.startDate, Math.max(0, daysBetween(input.pausedOn, input.today)));
}

// --- Recommendations ----------------------------------------------------------------------------------------------

export interface RecommendablePlan {
  id: string;
  theme: FocusThemeId;
  topics: readonly CurrentTopicId[];
  dayCount: number;
  title: string;
}

/**
 * The library's order for one man: plans in his focus first (in the order he ranked his focus), then those that speak
 * to more of his current topics, then the lengths people finish (5-10 days) before the rest, then by title.
 */
export function recommendPlans<T extends RecommendablePlan>(
  plans: readonly T[],
  person: { focus: readonly string[]; currentTopics: readonly string[] },
): T[] {
  const focusRank = (plan: T) => {
    const at = person.focus.indexOf(plan.theme);
    return at < 0 ? person.focus.length : at;
  };
  const topicMatches = (plan: T) => plan.topics.filter((t) => person.currentTopics.includes(t)).length;
  const finishable = (plan: T) => (plan.dayCount >= 5 && plan.dayCount <= 10 ? 0 : 1);
  return [...plans].sort(
    (a, b) =>
      focusRank(a) - focusRank(b) ||
      topicMatches(b) - topicMatches(a) ||
      finishable(a) - finishable(b) ||
      a.title.localeCompare(b.title),
  );
}

/**
 * Onboarding's three: the best-ranked plan of each theme first (so three focus themes give three different plans),
 * then the next best.
 */
export function onboardingChoices<T extends RecommendablePlan>(
  plans: readonly T[],
  person: { focus: readonly string[]; currentTopics: readonly string[] },
  count = ONBOARDING_PLAN_CHOICES,
): T[] {
  const ranked = recommendPlans(plans, person);
  const picked: T[] = [];
  const themes = new Set<string>();
  for (const plan of ranked) {
    if (picked.length < count && !themes.has(plan.theme) && person.focus.includes(plan.theme)) {
      picked.push(plan);
      themes.add(plan.theme);
    }
  }
  for (const plan of ranked) if (picked.length < count && !picked.includes(plan)) picked.push(plan);
  return picked;
}

// --- The API's contracts --------------------------------------------------------------------------------------------

export interface EnrollmentState {
  status: EnrollmentStatus;
  start_date: string;
  paused_on: string | null;
  completed_at: string | null;
  /** Days open so far (the last open one is today's). */
  unlocked: number;
  next_day: number | null;
  behind: number;
  completed_count: number;
  percent: number;
}

export interface PlanSummary {
  id: string;
  source: PlanSource;
  status: PlanStatus;
  /** While a plan is written in the background: how far it got ("Writing day 4 of 14"), or why it failed. */
  generation: { written: number; total: number; error: string | null } | null;
  /** Its maker asked to listen to each day: a day's page puts Listen first. */
  listen_first: boolean;
  theme: FocusThemeId;
  title: string;
  promise: string;
  description: string;
  topics: CurrentTopicId[];
  day_count: number;
  minutes_per_day: number;
  /** Its cover artwork (admin Generate images); null: the cover is the theme's colour and sign. */
  image_url: string | null;
  /** Mine, when I follow (or finished) it. */
  enrollment: EnrollmentState | null;
}

/**
 * A plan I follow, for My plans and Today: where I am and the title of the day to do next. Its promise, description and
 * topics are on its page, not here (My plans is read on every visit to Today).
 */
export interface MyPlan extends Omit<PlanSummary, "promise" | "description" | "topics"> {
  enrollment: EnrollmentState;
  next_day_title: string | null;
  /** The day I marked complete today, if any (Today shows it as done). */
  done_today: number | null;
}

export interface MyPlans {
  active: MyPlan[];
  completed: MyPlan[];
  /** Plans I made (being written, failed, drafts, or ready): newest first. */
  own: PlanSummary[];
}

export interface PlanDayHeading {
  id: string;
  day_number: number;
  title: string;
  passages: string[];
  /** Open to me (followers: by the schedule; others: day 1 as a preview). */
  open: boolean;
  completed: boolean;
  /** When it opens, for a follower's later days. */
  opens_on: string | null;
}

export interface PlanDetail extends PlanSummary {
  days: PlanDayHeading[];
}

export interface PlanPassage {
  reference: string;
  verses: Array<{ chapter: number; verse: number; text: string }>;
}

export interface PlanDay {
  id: string;
  plan_id: string;
  plan_title: string;
  theme: FocusThemeId;
  day_number: number;
  day_count: number;
  title: string;
  passages: PlanPassage[];
  references: string[];
  reading: string;
  questions: string[];
  challenge: string;
  prayer: string;
  translation: string;
  completed: boolean;
  /** My newest journal entry written from this day. */
  journal_entry: JournalEntry | null;
}

/** After a day is marked complete (or not): the plan's state, and whether that finished it. */
export interface PlanDayResult {
  plan: PlanDetail;
  finished_now: boolean;
}

export const planListQuery = z
  .object({
    theme: z.enum(FOCUS_THEME_IDS, { error: "theme must be one of the eight focus themes" }).optional(),
    length: z.enum(["short", "medium", "long"], { error: "length must be short, medium or long" }).optional(),
  })
  .strict();

export const DATE_INPUT = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Give the date as YYYY-MM-DD");

export const enrollInput = z
  .object({
    /** Defaults to his today. */
    start_date: DATE_INPUT.optional(),
  })
  .strict();

export const planDayJournalInput = z
  .object({
    // Length is checked by journalError (section 5's messages), as for every journal entry.
    content: z.string({ error: "Write your entry as text" }),
  })
  .strict();

/** A day marked complete; `made_on` when it was marked offline and is sent later (issue 18). */
export const planDayCompleteInput = z.object({ made_on: MADE_ON_INPUT.optional() }).strict();

export const planDayQuery = z
  .object({ translation: z.enum(["web", "kjv"], { error: "translation must be web or kjv" }).optional() })
  .strict();

/** Listen to a day: its text in this translation (the reader's by default). */
export const planDayAudioInput = planDayQuery;

// --- A member's own plan: the creation wizard (Premium: custom_plan) ----------------------------------------------

export const SEASONS = [
  { id: "single", label: "Single" },
  { id: "married", label: "Married" },
  { id: "young_children", label: "A father of young children" },
  { id: "teenagers", label: "A father of teenagers" },
  { id: "grown_children", label: "A father of grown children" },
  { id: "grandfather", label: "A grandfather" },
  { id: "divorced", label: "Divorced or separated" },
  { id: "widowed", label: "Widowed" },
] as const;
export type SeasonId = (typeof SEASONS)[number]["id"];
const SEASON_IDS = SEASONS.map((s) => s.id) as [SeasonId, ...SeasonId[]];

export const READING_STYLES = [
  { id: "short", label: "Short and direct", hint: "A few paragraphs, straight to the point" },
  { id: "reflective", label: "Reflective", hint: "Room to think, two questions a day" },
  { id: "study", label: "Study", hint: "More Scripture, read closely" },
] as const;
export type ReadingStyle = (typeof READING_STYLES)[number]["id"];
const STYLE_IDS = READING_STYLES.map((s) => s.id) as [ReadingStyle, ...ReadingStyle[]];

export const CUSTOM_PLAN_DAYS = { min: 3, max: 30 } as const;
export const MINUTES_PER_DAY_CHOICES = [5, 10, 15, 20] as const;
export const CUSTOM_GOAL = { min: 10, max: 300 } as const;
export const CUSTOM_CONTEXT_MAX = 500;

/** Step 1 of 4: what to grow in, the goal in his words, how many days. */
export const customPlanBasics = z
  .object({
    themes: z
      .array(z.enum(FOCUS_THEME_IDS, { error: "Choose from the eight themes" }), { error: "Choose what to grow in" })
      .min(1, "Choose at least one thing to grow in")
      .max(3, "Choose up to three things to grow in"),
    goal: z
      .string({ error: "Say your goal in a sentence" })
      .trim()
      .min(CUSTOM_GOAL.min, `Say your goal in a sentence (at least ${CUSTOM_GOAL.min} characters)`)
      .max(CUSTOM_GOAL.max, `Keep your goal to ${CUSTOM_GOAL.max} characters`),
    days: z
      .number({ error: "Choose how many days" })
      .int("Choose a whole number of days")
      .min(CUSTOM_PLAN_DAYS.min, `A plan has at least ${CUSTOM_PLAN_DAYS.min} days`)
      .max(CUSTOM_PLAN_DAYS.max, `A plan has at most ${CUSTOM_PLAN_DAYS.max} days`),
  })
  .strict();

/** Step 2 of 4: his season of life, what is hard now, what has helped before. */
export const customPlanContext = z
  .object({
    season: z.enum(SEASON_IDS, { error: "Choose the season you are in" }),
    hard_now: z.string().trim().max(CUSTOM_CONTEXT_MAX, `Keep this to ${CUSTOM_CONTEXT_MAX} characters`).default(""),
    helped_before: z.string().trim().max(CUSTOM_CONTEXT_MAX, `Keep this to ${CUSTOM_CONTEXT_MAX} characters`).default(""),
  })
  .strict();

/** Step 3 of 4: minutes a day, reading style, a daily challenge, audio. */
export const customPlanPreferences = z
  .object({
    minutes_per_day: z.union(
      MINUTES_PER_DAY_CHOICES.map((m) => z.literal(m)),
      { error: `Choose ${MINUTES_PER_DAY_CHOICES.join(", ")} minutes a day` },
    ),
    style: z.enum(STYLE_IDS, { error: "Choose short, reflective or study" }),
    challenge: z.boolean({ error: "Say whether you want a daily challenge" }),
    audio: z.boolean({ error: "Say whether you want to listen to each day" }),
  })
  .strict();

/** The whole brief (step 4 of 4 reviews it): what POST /api/path/custom-plans takes. */
export const customPlanBrief = customPlanBasics.extend(customPlanContext.shape).extend(customPlanPreferences.shape).strict();
export type CustomPlanBrief = z.infer<typeof customPlanBrief>;

/** The answer to "Create my plan": the new plan, for the browser's generation marker (spec section 3). */
export interface CreatedPlan {
  plan_id: string;
  title: string;
}

/** How far the writing of my plan got: the browser's poll reads first_day_id (spec section 7: plan_days, limit 1). */
export interface GenerationState {
  plan_id: string;
  title: string;
  status: PlanStatus;
  /** Days written so far ("Writing day {written + 1} of {total}"). */
  written: number;
  total: number;
  /** Why it failed, in words for him (status failed). */
  error: string | null;
  /** A day of the plan, once it has its days (null while it is written). */
  first_day_id: string | null;
}

// --- Waiting for a plan to be written (spec sections 3, 4 and 9): plan-generation.ts, zod-free for the browser --------

export * from "./plan-generation";

/** The title a new plan has until he renames it: "14 Days for Marriage and Prayer Life". */
export function customPlanTitle(brief: Pick<CustomPlanBrief, "themes" | "days">, label: (theme: string) => string): string {
  const names = brief.themes.map(label);
  const joined = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  return `${brief.days} Days for ${joined}`;
}

// --- The plan builder (/path/builder, Premium: custom_plan) -------------------------------------------------------

/** CONTENT.md, "A plan and its days", as limits a member's hand-made day keeps too. */
export const BUILDER_LIMITS = {
  days: { min: 1, max: 30 },
  dayTitle: 80,
  reference: 60,
  passages: 3,
  references: 5,
  /** Passages and cited references together. */
  citations: 8,
  readingWords: 400,
  question: 300,
  questions: 2,
  challenge: 400,
  prayer: 1000,
  planTitle: 70,
  promise: 100,
  description: 500,
  minutes: { min: 3, max: 30 },
} as const;

export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const reference = z
  .string()
  .trim()
  .min(1, "Give a reference, or remove the empty one")
  .max(BUILDER_LIMITS.reference, `A reference is at most ${BUILDER_LIMITS.reference} characters`);

/** A day as the builder saves it: anything may still be empty in a draft (publishing asks for every part). */
export const builderDayInput = z
  .object({
    title: z
      .string()
      .trim()
      .max(BUILDER_LIMITS.dayTitle, `Keep a day's title to ${BUILDER_LIMITS.dayTitle} characters`)
      .default(""),
    passages: z.array(reference).max(BUILDER_LIMITS.passages, "A day has at most three passages").default([]),
    references: z.array(reference).max(BUILDER_LIMITS.references, "A day cites at most five other references").default([]),
    reading: z
      .string()
      .trim()
      .max(4000, "Keep the reading to 400 words")
      .refine((text) => countWords(text) <= BUILDER_LIMITS.readingWords, "Keep the reading to 400 words")
      .default(""),
    questions: z
      .array(z.string().trim().max(BUILDER_LIMITS.question, `Keep a question to ${BUILDER_LIMITS.question} characters`))
      .max(BUILDER_LIMITS.questions, "A day has one or two questions")
      .default([]),
    challenge: z
      .string()
      .trim()
      .max(BUILDER_LIMITS.challenge, `Keep the challenge to ${BUILDER_LIMITS.challenge} characters`)
      .default(""),
    prayer: z.string().trim().max(BUILDER_LIMITS.prayer, `Keep the prayer to ${BUILDER_LIMITS.prayer} characters`).default(""),
  })
  .strict()
  .refine((day) => day.passages.length + day.references.length <= BUILDER_LIMITS.citations, {
    message: "A day cites at most eight references in all",
    path: ["references"],
  });
export type BuilderDay = z.output<typeof builderDayInput>;

/** Save as draft: the plan's fields and its days in order. */
export const builderPlanInput = z
  .object({
    title: z
      .string({ error: "Give your plan a title" })
      .trim()
      .min(1, "Give your plan a title")
      .max(BUILDER_LIMITS.planTitle, `Keep the title to ${BUILDER_LIMITS.planTitle} characters`),
    promise: z
      .string()
      .trim()
      .max(BUILDER_LIMITS.promise, `Keep the promise to ${BUILDER_LIMITS.promise} characters`)
      .default(""),
    description: z
      .string()
      .trim()
      .max(BUILDER_LIMITS.description, `Keep the description to ${BUILDER_LIMITS.description} characters`)
      .default(""),
    theme: z.enum(FOCUS_THEME_IDS, { error: "Choose the plan's theme" }),
    minutes_per_day: z
      .number({ error: "Say how many minutes a day" })
      .int("Minutes are a whole number")
      .min(BUILDER_LIMITS.minutes.min, `At least ${BUILDER_LIMITS.minutes.min} minutes a day`)
      .max(BUILDER_LIMITS.minutes.max, `At most ${BUILDER_LIMITS.minutes.max} minutes a day`),
    days: z
      .array(builderDayInput)
      .min(BUILDER_LIMITS.days.min, "A plan has at least one day")
      .max(BUILDER_LIMITS.days.max, `A plan has at most ${BUILDER_LIMITS.days.max} days`),
  })
  .strict();
export type BuilderPlanInput = z.output<typeof builderPlanInput>;

/** Start a plan in the builder: from nothing, or from a plan I can see (a starter plan, or one of mine). */
export const builderStartInput = z.discriminatedUnion(
  "from",
  [
    z.object({ from: z.literal("scratch") }).strict(),
    z.object({ from: z.literal("plan"), plan_id: z.string().uuid("plan_id must be a plan's id") }).strict(),
  ],
  { error: 'from must be "scratch" or "plan"' },
);

/**
 * What a day still needs before the plan can be published (empty when it is whole). The server also checks every
 * reference against the Bible.
 */
export function dayGaps(day: BuilderDay): Array<{ field: keyof BuilderDay; message: string }> {
  const gaps: Array<{ field: keyof BuilderDay; message: string }> = [];
  if (!day.title.trim()) gaps.push({ field: "title", message: "needs a title" });
  if (day.passages.length === 0) gaps.push({ field: "passages", message: "needs a passage" });
  if (!day.reading.trim()) gaps.push({ field: "reading", message: "needs its reading" });
  if (!day.questions.some((q) => q.trim())) gaps.push({ field: "questions", message: "needs a question" });
  if (!day.prayer.trim()) gaps.push({ field: "prayer", message: "needs a prayer" });
  return gaps;
}

/** A plan in the builder. */
export interface BuilderPlan {
  id: string;
  title: string;
  promise: string;
  description: string;
  theme: FocusThemeId;
  minutes_per_day: number;
  /** draft: never published; ready: published (and may have unpublished changes). */
  status: PlanStatus;
  days: BuilderDay[];
  /** Saved changes not yet published (a published plan's followers still read the published days). */
  unpublished_changes: boolean;
  updated_at: string;
}

// --- Plans with the flock -------------------------------------------------------------------------------------------

/** Start a plan with my flock: everyone in it, or the members I choose (by id). */
export const startTogetherInput = z
  .object({
    flock_id: z.string({ error: "Choose a flock" }).uuid("Choose a flock"),
    member_ids: z.array(z.string().min(1).max(100)).max(50, "Choose up to 50 members").optional(),
  })
  .strict();

/** My plans with a flock, or only those of one plan. */
export const togetherQuery = z.object({ plan_id: z.string().uuid("plan_id must be a plan's id").optional() }).strict();

export type GroupMemberStatus = "invited" | "joined";

/** One of my plans with a flock, for lists: the plan, the flock, and where I stand. */
export interface PlanGroupSummary {
  id: string;
  plan: { id: string; title: string; day_count: number };
  flock: { id: string; name: string };
  started_by: PersonRef | null;
  my_status: GroupMemberStatus;
  joined_count: number;
}

export interface PlanGroupMember {
  person: PersonRef;
  status: GroupMemberStatus;
  /** Days he marked done (joined members who follow the plan; empty otherwise). */
  completed_days: number[];
  /** His next day to do, null when he is done or does not follow it. */
  next_day: number | null;
  is_me: boolean;
}

/** A plan followed with the flock: each member's day-by-day progress and each day's discussion (members only). */
export interface PlanGroup extends PlanGroupSummary {
  members: PlanGroupMember[];
  /** Comments so far on each day's discussion (days with none are left out). */
  discussions: Array<{ day_number: number; comment_count: number }>;
}

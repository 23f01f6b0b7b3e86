import type { CurrentTopicId, CustomPlanBrief, FocusThemeId, InsightPeriodId, PeriodStats } from "@shepherd/shared";

/**
 * AI text: devotionals, encouragement, plan days, insights and discussion guides. Two implementations: the offline composer over our curated library
 * (default, deterministic per user and date) and any OpenAI-compatible chat endpoint (AI_BASE_URL / AI_API_KEY /
 * AI_MODEL), which falls back to the composer on any failure. Chosen once at start.
 */

export interface DevotionalDraft {
  /** Library id when it came from the library; null when written by a model. */
  libraryId: string | null;
  title: string;
  /** A Bible reference such as "Ephesians 5:25-28"; the passage text is looked up in the shipped Bible. */
  passage: string;
  body: string;
  reflection: string;
  prayer: string;
  theme: FocusThemeId;
}

export interface DevotionalRequest {
  userId: string;
  /** The user's own date (YYYY-MM-DD in their time zone). */
  date: string;
  displayName: string | null;
  focus: FocusThemeId[];
  currentTopics: CurrentTopicId[];
  /** Library ids and passages the user was given in the last 30 days, which must not repeat. */
  recentLibraryIds: string[];
  recentPassages: string[];
  /** A number that changes on each refresh, so a refreshed devotional differs from the first. */
  variant: number;
}

export type EncouragementTrigger = "victory" | "daily_checkin" | "struggle";

export interface EncouragementRequest {
  userId: string;
  displayName: string | null;
  triggerType: EncouragementTrigger;
  /** Spec section 7: victory {journalLength, devotionalTitle}; daily_checkin {spiritualConnection, focusAreas, notes};
   * struggle {spiritualConnection, devotionalId}. Text that needs care never gets here (see the care module). */
  context: Record<string, unknown>;
  /** Seed for the composer's choice, so two whispers in a row differ. */
  seed: number;
}

/** One day of a plan, as a writer answers it (CONTENT.md, "A plan and its days"). */
export interface PlanDayDraft {
  title: string;
  /** One to three passages ("Ephesians 5:25-28"), shown in full beside the reading. */
  passages: string[];
  /** Other verses the reading cites (passages and these together at most 8). */
  references: string[];
  /** At most 400 words. */
  reading: string;
  /** One or two honest questions. */
  questions: string[];
  /** One small concrete thing to do today; empty when he asked for no daily challenge. */
  challenge: string;
  prayer: string;
}

export interface PlanDayRequest {
  /** Seeds the composer's choices: the same plan gets the same days. */
  planId: string;
  brief: CustomPlanBrief;
  /** 1-based; the plan has brief.days days. */
  dayNumber: number;
  /** The days written before this one, in order (each builds on the one before; no passage is used twice). */
  previous: PlanDayDraft[];
}

/** A day the library can give a composed plan: a starter plan's day, with where it came from. */
export interface SourceDay extends PlanDayDraft {
  theme: FocusThemeId;
  topics: CurrentTopicId[];
  /** "plan-slug" (its days in order) or "devotional"; and its place there. */
  source: string;
  position: number;
}

/** A reflection on his last week or month (modules/insights). */
export interface InsightRequest {
  userId: string;
  displayName: string | null;
  period: InsightPeriodId;
  current: PeriodStats;
  /** The same number of days just before (all zeros and nulls for a new member). */
  previous: PeriodStats;
  /** His journal entries of the period, oldest first. Never any with words that need care (see `care`). */
  journal: string[];
  /** His check-in notes of the period, the same way. */
  notes: string[];
  /**
   * Words of self-harm were in his journal or notes of the period: the insight is written offline (never by a model),
   * gently, from nothing he wrote; the care card shows beside it.
   */
  care: boolean;
}

/** An insight's words; `scripture` is a WEB reference, quoted from the shipped Bible by the caller. */
export interface InsightDraft {
  headline: string;
  rose: string;
  fell: string;
  themes: string;
  encouragement: string;
  scripture: string;
}

/** A session's discussion guide for a member's own series (modules/series, gathering_content). */
export interface GuideRequest {
  /** Seeds the composer's choices: the same member and session get the same draft. */
  userId: string;
  title: string;
  /** A WEB reference the caller has checked. */
  passage: string;
  theme: FocusThemeId;
  /** What the leader wants the men to take from it (may be empty). Never sent when it needs care. */
  notes: string;
}

/** The parts of a session after its title and passage (CONTENT.md, "A series session"). */
export interface GuideDraft {
  teaching: string;
  questions: string[];
  challenge: string;
  prayer: string;
}

export interface AiTextProvider {
  readonly name: "composer" | "openai";
  composeDevotional(request: DevotionalRequest): Promise<{ draft: DevotionalDraft; tokensUsed: number }>;
  composeEncouragement(request: EncouragementRequest): Promise<{ message: string; tokensUsed: number }>;
  /** One day of a member's own plan (modules/path/generation.ts calls it day by day). */
  composePlanDay(request: PlanDayRequest): Promise<{ day: PlanDayDraft; tokensUsed: number }>;
  /** A reflection on a week or a month (modules/insights); `source` says who wrote it in the end. */
  composeInsight(request: InsightRequest): Promise<{ draft: InsightDraft; tokensUsed: number; source: "composer" | "openai" }>;
  /** A discussion guide for one session of a member's own series; `source` says who wrote it in the end. */
  composeGuide(request: GuideRequest): Promise<{ draft: GuideDraft; tokensUsed: number; source: "composer" | "openai" }>;
}

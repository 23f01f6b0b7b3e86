import { z } from "zod";
import { FOCUS_THEME_IDS, type FocusThemeId } from "./themes";
import type { FeatureUsage } from "./usage";

/**
 * The Pasture's series library (/pasture/library): short courses of sessions for a group of men to discuss. Starter
 * series come from content/series; Premium members make their own (series_creation). The design is in docs/series.md.
 */

export const SERIES_SOURCES = ["starter", "custom"] as const;
export type SeriesSource = (typeof SERIES_SOURCES)[number];

/**
 * CONTENT.md, "A series session", as limits: the starter library keeps the tight ones (`content`), a member's own
 * series the looser ones (`own`), so a leader can write a shorter or a fuller teaching for his men.
 */
export const SERIES_LIMITS = {
  title: 70,
  promise: 100,
  description: 600,
  sessionTitle: 80,
  reference: 60,
  question: 300,
  challenge: 500,
  prayer: 1000,
  content: {
    sessions: { min: 4, max: 8 },
    teachingWords: { min: 250, max: 450 },
    questions: { min: 4, max: 6 },
    prayerWords: { min: 20, max: 120 },
  },
  own: {
    sessions: { min: 1, max: 12 },
    teachingWords: { min: 1, max: 600 },
    questions: { min: 1, max: 6 },
  },
  /** Search words: at most this many characters. */
  search: 100,
  /** What a member may tell the guide writer about his group (gathering_content). */
  guideNotes: 500,
} as const;

export const countSeriesWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The free/Premium split (docs/series.md): a free member reads the first session of every series in full; the others
 * show the series_viewing upgrade prompt. Premium members read every session, and the owner of a series always reads
 * his own (even after his Premium ends).
 */
export const FREE_SESSIONS_PER_SERIES = 1;

export function sessionOpen(options: { position: number; premium: boolean; owner: boolean }): boolean {
  return options.premium || options.owner || options.position <= FREE_SESSIONS_PER_SERIES;
}

// --- Contracts ------------------------------------------------------------------------------------------------------

/** Text a person writes: trimmed, never a NUL character (PostgreSQL cannot store one). */
const NO_NUL = (value: string) => !value.includes("\u0000");
const NUL_MESSAGE = "Text cannot contain NUL characters";

const text = (options: { max: number; required: string; tooLong: string }) =>
  z
    .string({ error: options.required })
    .refine(NO_NUL, NUL_MESSAGE)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, options.required).max(options.max, options.tooLong));

export const seriesListQuery = z
  .object({
    theme: z.enum(FOCUS_THEME_IDS, { error: "theme must be one of the eight focus themes" }).optional(),
    q: z
      .string()
      .refine(NO_NUL, NUL_MESSAGE)
      .transform((s) => s.trim())
      .pipe(z.string().max(SERIES_LIMITS.search, `Keep the search to ${SERIES_LIMITS.search} characters`))
      .optional(),
  })
  .strict();

export const seriesSessionInput = z
  .object({
    /** A session already in the series keeps its id (and its completions, comments and gatherings). */
    id: z.string().uuid("A session's id must be one of this series' sessions").optional(),
    title: text({
      max: SERIES_LIMITS.sessionTitle,
      required: "Give each session a title",
      tooLong: `Keep a session's title to ${SERIES_LIMITS.sessionTitle} characters`,
    }),
    passage: text({
      max: SERIES_LIMITS.reference,
      required: "Give each session a passage, such as James 1:19-27",
      tooLong: `A passage is at most ${SERIES_LIMITS.reference} characters`,
    }),
    teaching: text({
      max: 6000,
      required: "Write each session's teaching",
      tooLong: `Keep a teaching to ${SERIES_LIMITS.own.teachingWords.max} words`,
    }).refine(
      (t) => countSeriesWords(t) <= SERIES_LIMITS.own.teachingWords.max,
      `Keep a teaching to ${SERIES_LIMITS.own.teachingWords.max} words`,
    ),
    questions: z
      .array(
        text({
          max: SERIES_LIMITS.question,
          required: "Remove the empty question, or write it",
          tooLong: `Keep a question to ${SERIES_LIMITS.question} characters`,
        }),
        { error: "Give the questions as a list" },
      )
      .min(SERIES_LIMITS.own.questions.min, "Give each session at least one discussion question")
      .max(SERIES_LIMITS.own.questions.max, `A session has at most ${SERIES_LIMITS.own.questions.max} questions`),
    challenge: text({
      max: SERIES_LIMITS.challenge,
      required: "Give each session a challenge for the week",
      tooLong: `Keep the challenge to ${SERIES_LIMITS.challenge} characters`,
    }),
    prayer: text({
      max: SERIES_LIMITS.prayer,
      required: "Give each session a closing prayer",
      tooLong: `Keep the prayer to ${SERIES_LIMITS.prayer} characters`,
    }),
  })
  .strict();
export type SeriesSessionInput = z.output<typeof seriesSessionInput>;

/** Create or replace a member's own series: its fields and its sessions in order. */
export const seriesInput = z
  .object({
    title: text({
      max: SERIES_LIMITS.title,
      required: "Give your series a title",
      tooLong: `Keep the title to ${SERIES_LIMITS.title} characters`,
    }),
    promise: text({
      max: SERIES_LIMITS.promise,
      required: "Say in a line what the series gives the men who take it",
      tooLong: `Keep the promise to ${SERIES_LIMITS.promise} characters`,
    }),
    description: text({
      max: SERIES_LIMITS.description,
      required: "Describe the series",
      tooLong: `Keep the description to ${SERIES_LIMITS.description} characters`,
    }),
    theme: z.enum(FOCUS_THEME_IDS, { error: "Choose the series' theme" }),
    /** Share it with one of my flocks (its members may read and follow it), or keep it mine alone. */
    flock_id: z.string().uuid("Choose one of your flocks").nullable().default(null),
    sessions: z
      .array(seriesSessionInput, { error: "Give the sessions as a list" })
      .min(SERIES_LIMITS.own.sessions.min, "A series has at least one session")
      .max(SERIES_LIMITS.own.sessions.max, `A series has at most ${SERIES_LIMITS.own.sessions.max} sessions`),
  })
  .strict();
export type SeriesInput = z.output<typeof seriesInput>;

/** Draft a session's discussion guide (gathering_content): from its title and passage, for a theme. */
export const discussionGuideInput = z
  .object({
    title: text({
      max: SERIES_LIMITS.sessionTitle,
      required: "Give the session a title first",
      tooLong: `Keep a session's title to ${SERIES_LIMITS.sessionTitle} characters`,
    }),
    passage: text({
      max: SERIES_LIMITS.reference,
      required: "Give the session a passage first, such as James 1:19-27",
      tooLong: `A passage is at most ${SERIES_LIMITS.reference} characters`,
    }),
    theme: z.enum(FOCUS_THEME_IDS, { error: "Choose the series' theme" }),
    /** What the leader wants the men to take from it (optional). */
    notes: z
      .string()
      .refine(NO_NUL, NUL_MESSAGE)
      .transform((s) => s.trim())
      .pipe(z.string().max(SERIES_LIMITS.guideNotes, `Keep the notes to ${SERIES_LIMITS.guideNotes} characters`))
      .default(""),
  })
  .strict();
export type DiscussionGuideInput = z.output<typeof discussionGuideInput>;

/** A drafted guide: the parts of a session after its title and passage. */
export interface DiscussionGuide {
  teaching: string;
  questions: string[];
  challenge: string;
  prayer: string;
}

export interface DiscussionGuideResult {
  guide: DiscussionGuide;
  /** Who wrote it: the offline composer or the model. */
  source: "composer" | "openai";
  /** This month's gathering content generations after this one. */
  usage: FeatureUsage | null;
}

export interface SeriesProgress {
  started_at: string;
  completed_count: number;
  percent: number;
  /** The first session not yet done, in order (null when all are done). */
  next_session: { id: string; position: number; title: string } | null;
}

export interface SeriesSummary {
  id: string;
  source: SeriesSource;
  theme: FocusThemeId;
  title: string;
  promise: string;
  description: string;
  session_count: number;
  /** Its cover artwork (admin Generate images); null: the cover is the theme's colour and sign. */
  image_url: string | null;
  /** Mine to change (a series I made). */
  mine: boolean;
  /** The flock a custom series is shared with, when I can see it. */
  flock: { id: string; name: string } | null;
  /** Set when I follow it. */
  progress: SeriesProgress | null;
}

export interface SeriesList {
  series: SeriesSummary[];
}

export interface MySeries {
  /** Series I follow, the ones with a next session first. */
  following: SeriesSummary[];
  /** Series I made, newest first. */
  own: SeriesSummary[];
}

export interface SeriesSessionHeading {
  id: string;
  position: number;
  title: string;
  passage: string;
  /** Readable by me (free members: the first session; see sessionOpen). */
  open: boolean;
  completed: boolean;
}

export interface SeriesDetail extends SeriesSummary {
  sessions: SeriesSessionHeading[];
}

export interface SeriesPassage {
  reference: string;
  translation: string;
  verses: Array<{ chapter: number; verse: number; text: string }>;
}

/** A session page. When it is not open to me, its body is null and the page shows the series_viewing prompt. */
export interface SeriesSession {
  id: string;
  series: { id: string; title: string; theme: FocusThemeId; session_count: number; mine: boolean; following: boolean };
  position: number;
  title: string;
  passage: string;
  open: boolean;
  completed: boolean;
  body: {
    passage: SeriesPassage;
    teaching: string;
    questions: string[];
    challenge: string;
    prayer: string;
  } | null;
  previous: { id: string; position: number; title: string } | null;
  next: { id: string; position: number; title: string } | null;
  comment_count: number;
}

/** After marking a session done or not done: the session and the series' progress. */
export interface SeriesCompletionResult {
  completed: boolean;
  progress: SeriesProgress;
}

/** A member's own series as the editor loads it. */
export interface EditableSeries {
  id: string;
  title: string;
  promise: string;
  description: string;
  theme: FocusThemeId;
  flock_id: string | null;
  sessions: Array<{
    id: string;
    title: string;
    passage: string;
    teaching: string;
    questions: string[];
    challenge: string;
    prayer: string;
  }>;
}

import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { CURRENT_TOPIC_IDS, FOCUS_THEME_IDS, SEASONS, type FocusThemeId, type SeasonId } from "@shepherd/shared";
import { contentDir } from "../../content";

/** The curated content in the repository's content/ folder, read once at start. */

const devotionalSchema = z.object({
  id: z.string(),
  theme: z.enum(FOCUS_THEME_IDS),
  title: z.string().min(1),
  passage: z.string().min(1),
  body: z.string().min(1),
  reflection: z.string().min(1),
  prayer: z.string().min(1),
  topics: z.array(z.enum(CURRENT_TOPIC_IDS)).default([]),
});
export type LibraryDevotional = z.infer<typeof devotionalSchema>;

const encouragementSchema = z.object({
  victory: z.array(z.string()).min(1),
  struggle: z.array(z.string()).min(1),
  daily_checkin: z.array(z.string()).min(1),
});
export type EncouragementLibrary = z.infer<typeof encouragementSchema>;

/** Per theme, a list of at least `min` strings. */
const perTheme = (min: number) =>
  z.object(
    Object.fromEntries(FOCUS_THEME_IDS.map((id) => [id, z.array(z.string().trim().min(1)).min(min)])) as Record<
      FocusThemeId,
      z.ZodArray<z.ZodString>
    >,
  );

/**
 * What the plan composer adds to library days (content/plan-composer.json): daily challenges per theme (a devotional
 * has none of its own) and, per season of life and theme, questions that bring a day home to where he is.
 */
const planComposerSchema = z.object({
  challenges: perTheme(6),
  season_questions: z.object(
    Object.fromEntries(SEASONS.map((s) => [s.id, perTheme(1)])) as Record<SeasonId, ReturnType<typeof perTheme>>,
  ),
});
export type PlanComposerContent = z.infer<typeof planComposerSchema>;

const lines = z.array(z.string().trim().min(1)).min(1);
const perMetric = z.object({
  connection: lines,
  mood: lines,
  doneDays: lines,
  checkins: lines,
  journalEntries: lines,
});
const perSituation = z.object({ rose: lines, fell: lines, steady: lines, first: lines, care: lines });

/**
 * What the insight composer writes from (content/insights.json): sentences per situation and per measure, with
 * {placeholders} the composer fills from his numbers; the words that mark a theme in a journal; and the passages that
 * fit each theme and situation (quoted from the shipped WEB when the insight is written).
 */
const insightContentSchema = z.object({
  headlines: perSituation,
  rose: perMetric,
  rose_none: lines,
  fell: perMetric,
  /** One gentle sentence after what fell, so a harder period is never only numbers. */
  fell_grace: lines,
  fell_none: lines,
  first: z.object({ rose: lines, fell: lines }),
  care_numbers: lines,
  themes: z.object({ recurring: lines, single: lines, none_found: lines, no_entries: lines, care: lines }),
  encouragement: perSituation,
  theme_keywords: z.record(z.string(), lines),
  theme_labels: z.record(z.string(), z.string().min(1)),
  scriptures: z.record(z.string(), lines),
});
export type InsightContent = z.infer<typeof insightContentSchema>;

/**
 * What the discussion guide composer drafts from (content/discussion-guides.json): openings with {title}, {passage}
 * and {first_verse}, a paragraph pair per theme, closings, questions that move from the text to life (per theme) to an
 * honest one and an action, a challenge list and a prayer per theme.
 */
const guideContentSchema = z.object({
  openings: lines,
  themes: perTheme(2),
  closings: lines,
  questions: z.object({
    text: lines,
    life: perTheme(2),
    honest: lines,
    action: lines,
  }),
  challenges: perTheme(1),
  prayers: z.object(
    Object.fromEntries(FOCUS_THEME_IDS.map((id) => [id, z.string().trim().min(1)])) as Record<FocusThemeId, z.ZodString>,
  ),
});
export type GuideContent = z.infer<typeof guideContentSchema>;

export interface ContentLibrary {
  devotionals: LibraryDevotional[];
  backups: LibraryDevotional[];
  encouragement: EncouragementLibrary;
  planComposer: PlanComposerContent;
  insights: InsightContent;
  guides: GuideContent;
}

export function loadLibrary(dir = contentDir()): ContentLibrary {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as unknown;
  const devotionals = fs
    .readdirSync(path.join(dir, "devotionals"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => z.array(devotionalSchema).parse(read(path.join("devotionals", f))));
  return {
    devotionals,
    backups: z.array(devotionalSchema).length(3).parse(read("backup-devotionals.json")),
    encouragement: encouragementSchema.parse(read("encouragement.json")),
    planComposer: planComposerSchema.parse(read("plan-composer.json")),
    insights: insightContentSchema.parse(read("insights.json")),
    guides: guideContentSchema.parse(read("discussion-guides.json")),
  };
}

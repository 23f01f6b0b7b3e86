import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { countSeriesWords, FOCUS_THEME_IDS, SERIES_LIMITS } from "@shepherd/shared";
import { contentDir } from "../../content";
import { resolveWebReference } from "../../bible/passages";

/**
 * The starter series: content/series/<slug>.json, written for this product (CONTENT.md, "A series session"), read and
 * checked at start like the plans. A broken file, a teaching outside its word limits or a reference the shipped WEB
 * does not have stops the start with a message naming the file.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const { content } = SERIES_LIMITS;

const sessionSchema = z
  .object({
    title: text(SERIES_LIMITS.sessionTitle),
    /** One WEB reference ("James 1:19-27"). */
    passage: text(SERIES_LIMITS.reference),
    teaching: text(6000).refine(
      (t) => {
        const words = countSeriesWords(t);
        return words >= content.teachingWords.min && words <= content.teachingWords.max;
      },
      { message: `a teaching has ${content.teachingWords.min} to ${content.teachingWords.max} words` },
    ),
    questions: z
      .array(text(SERIES_LIMITS.question).refine((q) => q.endsWith("?"), { message: "a question ends with a question mark" }))
      .min(content.questions.min)
      .max(content.questions.max),
    challenge: text(SERIES_LIMITS.challenge),
    prayer: text(SERIES_LIMITS.prayer).refine(
      (p) => {
        const words = countSeriesWords(p);
        return words >= content.prayerWords.min && words <= content.prayerWords.max;
      },
      { message: `a prayer has ${content.prayerWords.min} to ${content.prayerWords.max} words` },
    ),
  })
  .strict();

const seriesSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "ids are lower-case words joined by hyphens"),
    theme: z.enum(FOCUS_THEME_IDS),
    title: text(SERIES_LIMITS.title),
    /** The one promise the series keeps, in a line. */
    promise: text(SERIES_LIMITS.promise),
    description: text(SERIES_LIMITS.description),
    sessions: z.array(sessionSchema).min(content.sessions.min).max(content.sessions.max),
  })
  .strict();

export type StarterSeries = z.infer<typeof seriesSchema>;
export type StarterSession = StarterSeries["sessions"][number];

/** Every series file, parsed and checked (references too); a broken file stops the start with a message naming it. */
export function loadSeriesLibrary(dir = path.join(contentDir(), "series")): StarterSeries[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  return files.map((file) => {
    const where = `content/series/${file}`;
    const parsed = seriesSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`${where} is not a valid series: ${problems}`);
    }
    const series = parsed.data;
    if (`${series.id}.json` !== file) throw new Error(`${where} must hold the series "${file.slice(0, -5)}"`);
    series.sessions.forEach((session, i) => {
      try {
        resolveWebReference(session.passage);
      } catch (error) {
        throw new Error(`${where} session ${i + 1}: ${(error as Error).message}`, { cause: error });
      }
    });
    return series;
  });
}

/** A starter series' content hash: its database copy is rewritten when it changes. */
export const seriesVersion = (series: StarterSeries) =>
  createHash("sha256").update(JSON.stringify(series)).digest("hex").slice(0, 16);

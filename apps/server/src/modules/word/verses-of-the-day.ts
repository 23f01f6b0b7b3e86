import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { contentDir } from "../../content";

/** content/verses-of-the-day.json: 366 references, one per calendar date (February 29 included). */
const listSchema = z
  .array(z.object({ reference: z.string().min(3), theme: z.string().min(1) }))
  .length(366, "verses-of-the-day.json must hold 366 verses, one per calendar date.");

export type VerseOfTheDayList = z.infer<typeof listSchema>;

export function loadVersesOfTheDay(dir = contentDir()): VerseOfTheDayList {
  return listSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, "verses-of-the-day.json"), "utf8")));
}

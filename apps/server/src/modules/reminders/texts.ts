import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { contentDir } from "../../content";

/** One reminder as it is pushed or mailed: a short title and one line. */
export interface ReminderText {
  title: string;
  body: string;
}

/** Words a reminder never uses (CONTENT.md: never "you broke your streak", never a count of missed days). */
export const GUILT_PHRASES = ["broke", "missed", "failed", "streak is gone", "lost your", "behind", "don't forget", "you forgot"];

/** The first guilt-framed phrase in a text, or null. */
export function guiltPhrase(text: string): string | null {
  const lower = text.toLowerCase();
  return GUILT_PHRASES.find((phrase) => lower.includes(phrase)) ?? null;
}

const fileSchema = z
  .object({
    reminders: z
      .array(
        z
          .object({
            title: z.string().trim().min(1).max(60),
            body: z.string().trim().min(1).max(160),
          })
          .strict(),
      )
      .min(30, "content/reminders.json needs at least 30 reminders so they vary"),
  })
  .strict();

/** Reads and checks content/reminders.json; a bad file stops the server at start with the reason. */
export function loadReminderTexts(dir = contentDir()): ReminderText[] {
  const file = path.join(dir, "reminders.json");
  const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join(".")}: ${issue.message}`);
  }
  const seen = new Set<string>();
  parsed.data.reminders.forEach((text, i) => {
    const phrase = guiltPhrase(`${text.title} ${text.body}`);
    if (phrase) throw new Error(`${file}: reminders.${i} is guilt-framed ("${phrase}"); reminders invite, never blame.`);
    if (seen.has(text.body)) throw new Error(`${file}: reminders.${i} repeats another reminder.`);
    seen.add(text.body);
  });
  return parsed.data.reminders;
}

/**
 * The reminder a member gets on a local date: the same for the same member and day (a retry sends the same words),
 * different from one day to the next and between members.
 */
export function chooseReminderText(texts: readonly ReminderText[], userId: string, localDate: string): ReminderText {
  const digest = createHash("sha256").update(`${userId}|${localDate}`).digest();
  return texts[digest.readUInt32BE(0) % texts.length]!;
}

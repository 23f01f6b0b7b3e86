import { and, eq } from "drizzle-orm";
import type { FocusThemeId, PlanDay, TranslationId } from "@shepherd/shared";
import { schema, type Database } from "../../db/client";
import { notFound } from "../../errors";
import { latestPlanDayEntry, type PlanDayContext } from "../journal/service";
import { getReaderSettings } from "../word/settings";
import { getPassage } from "../word/text";
import { checkDayOpen } from "./service";

/** A day of a plan as its page shows it: the passages as text, the reading, questions, challenge, prayer, my journal. */

const { planDays } = schema;

async function dayRow(db: Database, options: { planId: string; dayNumber: number }) {
  const [row] = await db
    .select()
    .from(planDays)
    .where(and(eq(planDays.planId, options.planId), eq(planDays.dayNumber, options.dayNumber)));
  if (!row) throw notFound(`Day ${options.dayNumber} of this plan`);
  return row;
}

/** A day open to me, in the translation I asked for or the one I read The Word in. */
export async function getPlanDay(
  db: Database,
  options: { userId: string; planId: string; dayNumber: number; translation?: TranslationId; now?: Date },
): Promise<PlanDay> {
  const plan = await checkDayOpen(db, options);
  const [day, translation] = await Promise.all([
    dayRow(db, options),
    options.translation ?? getReaderSettings(db, options.userId).then((s) => s.translation),
  ]);
  const [passages, journal] = await Promise.all([
    Promise.all(day.passages.map((ref) => getPassage(db, { ref, translation }))),
    latestPlanDayEntry(db, { userId: options.userId, planDayId: day.id }),
  ]);
  return {
    id: day.id,
    plan_id: plan.id,
    plan_title: plan.title,
    theme: plan.theme as FocusThemeId,
    day_number: day.dayNumber,
    day_count: plan.day_count,
    title: day.title,
    passages: passages.map((p) => ({ reference: p.reference, verses: p.text })),
    references: day.citedReferences,
    reading: day.reading,
    questions: day.questions,
    challenge: day.challenge,
    prayer: day.prayer,
    translation,
    completed: plan.days.find((d) => d.day_number === day.dayNumber)?.completed ?? false,
    journal_entry: journal,
  };
}

/** What a journal entry written from this day remembers of it (only for a day open to me). */
export async function planDayJournalContext(
  db: Database,
  options: { userId: string; planId: string; dayNumber: number; now?: Date },
): Promise<PlanDayContext> {
  const plan = await checkDayOpen(db, options);
  const day = await dayRow(db, options);
  return {
    planDayId: day.id,
    title: `${day.title} (${plan.title}, day ${day.dayNumber})`,
    passage: day.passages[0] ?? null,
    question: day.questions[0] ?? null,
  };
}

/** A day read aloud: its title, its passages, the reading and the prayer. */
export async function planDaySpeech(
  db: Database,
  options: { userId: string; planId: string; dayNumber: number; translation?: TranslationId },
): Promise<{ dayId: string; translation: TranslationId; text: string }> {
  const day = await getPlanDay(db, options);
  const passages = day.passages.map((p) => `${p.reference}. ${p.verses.map((v) => v.text).join(" ")}`);
  const text = [`Day ${day.day_number}. ${day.title}.`, ...passages, day.reading, `Let's pray. ${day.prayer}`].join("\n\n");
  return { dayId: day.id, translation: day.translation as TranslationId, text };
}

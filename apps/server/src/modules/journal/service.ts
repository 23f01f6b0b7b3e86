import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { journalError, needsCare, whisperForJournal, type JournalEntry, type Whisper } from "@shepherd/shared";
import { schema, type Database } from "../../db/client";
import { afterCursor, cursorText, pageOf } from "../../db/page-cursor";
import { AppError, notFound } from "../../errors";
import type { Logger } from "../../logger";
import type { AiTextProvider } from "../../providers/ai/ai";
import { withAccess } from "../access/service";
import { ensureProgress, ownDevotional, userDay } from "../devotional/service";
import { whisperQuietly } from "../whispers/service";
import { containing } from "../../db/like";

const { journalEntries } = schema;

export function toJournalEntry(row: typeof journalEntries.$inferSelect): JournalEntry {
  return {
    id: row.id,
    entry_date: row.entryDate,
    devotional_id: row.devotionalId,
    plan_day_id: row.planDayId,
    devotional_title: row.devotionalTitle,
    passage: row.passage,
    reflection: row.reflection,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function checkContent(content: string): string {
  const problem = journalError(content);
  if (problem) throw new AppError("BAD_REQUEST", problem);
  return content.trim();
}

/** What an entry written from a day of The Path remembers of it (the caller checked he may read that day). */
export interface PlanDayContext {
  planDayId: string;
  /** Shown as the entry's heading: "Start With Thanks (Seven Days to Pray with Your Wife, day 1)". */
  title: string;
  passage: string | null;
  question: string | null;
}

/** A new journal entry, counted against the monthly "journal" cap in the same transaction as the insert. */
export async function createJournalEntry(
  db: Database,
  options: { userId: string; content: string; devotionalId?: string; planDay?: PlanDayContext; now?: Date },
): Promise<JournalEntry> {
  const content = checkContent(options.content);
  const { date } = await userDay(db, options.userId, options.now);
  const devotional = options.devotionalId ? await ownDevotional(db, options.userId, options.devotionalId) : undefined;
  const planDay = options.planDay;
  const { result } = await withAccess(db, { userId: options.userId, feature: "journal", now: options.now }, async (tx) => {
    const progress = devotional ? await ensureProgress(tx, { userId: options.userId, devotionalId: devotional.id }) : null;
    const [row] = await tx
      .insert(journalEntries)
      .values({
        userId: options.userId,
        devotionalId: devotional?.id ?? null,
        devotionalProgressId: progress?.id ?? null,
        entryDate: date,
        devotionalTitle: devotional?.title ?? planDay?.title ?? null,
        passage: devotional?.passage ?? planDay?.passage ?? null,
        reflection: devotional?.reflection ?? planDay?.question ?? null,
        devotionalContent: devotional?.content ?? null,
        planDayId: planDay?.planDayId ?? null,
        content,
      })
      .returning();
    return row!;
  });
  return toJournalEntry(result);
}

/**
 * POST /api/journal and a Path day's journal box: the entry, then (section 9) a victory whisper for an entry longer
 * than 50 characters, never when its words need care (the care card shows instead).
 */
export async function writeJournalEntry(
  deps: { db: Database; ai: AiTextProvider; log: Logger },
  options: { userId: string; content: string; devotionalId?: string; planDay?: PlanDayContext },
): Promise<{ entry: JournalEntry; whisper: Whisper | null; care: boolean }> {
  const entry = await createJournalEntry(deps.db, options);
  const care = needsCare(entry.content);
  const whisper =
    !care && whisperForJournal(entry.content)
      ? await whisperQuietly(deps.db, deps.ai, deps.log, {
          userId: options.userId,
          triggerType: "victory",
          context: { journalLength: entry.content.length, devotionalTitle: entry.devotional_title ?? "" },
        })
      : null;
  return { entry, whisper, care };
}

/** My newest entry written from this day of a plan, for the day's page. */
export async function latestPlanDayEntry(
  db: Database,
  options: { userId: string; planDayId: string },
): Promise<JournalEntry | null> {
  const [row] = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, options.userId), eq(journalEntries.planDayId, options.planDayId)))
    .orderBy(desc(journalEntries.createdAt))
    .limit(1);
  return row ? toJournalEntry(row) : null;
}

export async function journalSavedToday(db: Database, options: { userId: string; devotionalId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, options.userId), eq(journalEntries.devotionalId, options.devotionalId)))
    .limit(1);
  return Boolean(row);
}

const PAGE = 30;

/** My entries, newest first, 30 to a page; `q` finds words in the entry or its devotional's title. */
export async function listJournal(
  db: Database,
  options: { userId: string; q?: string; before?: string },
): Promise<{ entries: JournalEntry[]; next_before: string | null }> {
  const conditions = [eq(journalEntries.userId, options.userId)];
  const q = options.q?.trim();
  if (q) {
    const pattern = containing(q);
    conditions.push(or(ilike(journalEntries.content, pattern), ilike(journalEntries.devotionalTitle, pattern))!);
  }
  if (options.before) {
    conditions.push(
      afterCursor(options.before, journalEntries, "That page of your journal could not be found. Start again from the newest."),
    );
  }
  const rows = await db
    .select({ entry: journalEntries, id: journalEntries.id, cursorAt: cursorText(journalEntries.createdAt) })
    .from(journalEntries)
    .where(and(...conditions))
    .orderBy(sql`${journalEntries.createdAt} desc, ${journalEntries.id} desc`)
    .limit(PAGE + 1);
  const page = pageOf(rows, PAGE);
  return { entries: page.rows.map((r) => toJournalEntry(r.entry)), next_before: page.next };
}

export async function getJournalEntry(db: Database, options: { userId: string; entryId: string }): Promise<JournalEntry> {
  const [row] = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.id, options.entryId), eq(journalEntries.userId, options.userId)));
  if (!row) throw notFound("That journal entry");
  return toJournalEntry(row);
}

export async function updateJournalEntry(
  db: Database,
  options: { userId: string; entryId: string; content: string },
): Promise<JournalEntry> {
  const content = checkContent(options.content);
  const [row] = await db
    .update(journalEntries)
    .set({ content, updatedAt: new Date() })
    .where(and(eq(journalEntries.id, options.entryId), eq(journalEntries.userId, options.userId)))
    .returning();
  if (!row) throw notFound("That journal entry");
  return toJournalEntry(row);
}

export async function deleteJournalEntry(db: Database, options: { userId: string; entryId: string }): Promise<void> {
  const rows = await db
    .delete(journalEntries)
    .where(and(eq(journalEntries.id, options.entryId), eq(journalEntries.userId, options.userId)))
    .returning({ id: journalEntries.id });
  if (rows.length === 0) throw notFound("That journal entry");
}

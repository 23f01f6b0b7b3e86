import { and, eq, ilike, or, sql } from "drizzle-orm";
import { journalError, type JournalEntry } from "@shepherd/shared";
import { schema, type Database } from "../../db/client";
import { afterCursor, cursorText, pageOf } from "../../db/page-cursor";
import { AppError, notFound } from "../../errors";
import { withAccess } from "../access/service";
import { ensureProgress, ownDevotional, userDay } from "../devotional/service";

const { journalEntries } = schema;

export function toJournalEntry(row: typeof journalEntries.$inferSelect): JournalEntry {
  return {
    id: row.id,
    entry_date: row.entryDate,
    devotional_id: row.devotionalId,
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

/** A new journal entry, counted against the monthly "journal" cap in the same transaction as the insert. */
export async function createJournalEntry(
  db: Database,
  options: { userId: string; content: string; devotionalId?: string; now?: Date },
): Promise<JournalEntry> {
  const content = checkContent(options.content);
  const { date } = await userDay(db, options.userId, options.now);
  const devotional = options.devotionalId ? await ownDevotional(db, options.userId, options.devotionalId) : undefined;
  const { result } = await withAccess(db, { userId: options.userId, feature: "journal", now: options.now }, async (tx) => {
    const progress = devotional ? await ensureProgress(tx, { userId: options.userId, devotionalId: devotional.id }) : null;
    const [row] = await tx
      .insert(journalEntries)
      .values({
        userId: options.userId,
        devotionalId: devotional?.id ?? null,
        devotionalProgressId: progress?.id ?? null,
        entryDate: date,
        devotionalTitle: devotional?.title ?? null,
        passage: devotional?.passage ?? null,
        reflection: devotional?.reflection ?? null,
        devotionalContent: devotional?.content ?? null,
        content,
      })
      .returning();
    return row!;
  });
  return toJournalEntry(result);
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
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

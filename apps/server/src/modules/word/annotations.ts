import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  bookByIndex,
  chapterTitle,
  formatVerseSelection,
  verseReference,
  type AnnotationItem,
  type BibleBook,
  type ChapterAnnotations,
  type HighlightColor,
  type TranslationId,
} from "@shepherd/shared";
import { schema, type Database } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { bibleIndex, bookOf, checkChapter } from "./text";

/** A person's highlights, bookmarks and notes, and "My highlights and notes". */

const { bibleHighlights, bibleBookmarks, bibleNotes } = schema;

type VerseTable = typeof bibleHighlights | typeof bibleBookmarks | typeof bibleNotes;

/** A person's rows in one chapter of a verse table. */
function inChapter(table: VerseTable, userId: string, book: BibleBook, chapter: number) {
  return and(eq(table.userId, userId), eq(table.bookIndex, book.index), eq(table.chapter, chapter));
}

async function checkSelection(db: Database, options: { book: string; chapter: number; verses: number[] }) {
  const book = bookOf(options.book);
  checkChapter(book, options.chapter);
  const max = (await bibleIndex(db)).maxVerse(book, options.chapter) ?? 0;
  const beyond = options.verses.find((v) => v > max);
  if (beyond !== undefined)
    throw new AppError("BAD_REQUEST", `${chapterTitle(book, options.chapter)} has ${max} verses; there is no verse ${beyond}.`);
  return { book, chapter: options.chapter, verses: [...new Set(options.verses)].sort((a, b) => a - b) };
}

export async function setHighlight(
  db: Database,
  options: { userId: string; book: string; chapter: number; verses: number[]; color: HighlightColor },
): Promise<void> {
  const { book, chapter, verses } = await checkSelection(db, options);
  await db
    .insert(bibleHighlights)
    .values(verses.map((verse) => ({ userId: options.userId, bookIndex: book.index, chapter, verse, color: options.color })))
    .onConflictDoUpdate({
      target: [bibleHighlights.userId, bibleHighlights.bookIndex, bibleHighlights.chapter, bibleHighlights.verse],
      set: { color: options.color, updatedAt: sql`now()` },
    });
}

export async function removeHighlight(
  db: Database,
  options: { userId: string; book: string; chapter: number; verses: number[] },
) {
  const { book, chapter, verses } = await checkSelection(db, options);
  await db
    .delete(bibleHighlights)
    .where(and(inChapter(bibleHighlights, options.userId, book, chapter), inArray(bibleHighlights.verse, verses)));
}

export async function addBookmark(db: Database, options: { userId: string; book: string; chapter: number; verses: number[] }) {
  const { book, chapter, verses } = await checkSelection(db, options);
  await db
    .insert(bibleBookmarks)
    .values(verses.map((verse) => ({ userId: options.userId, bookIndex: book.index, chapter, verse })))
    .onConflictDoNothing();
}

export async function removeBookmark(db: Database, options: { userId: string; book: string; chapter: number; verses: number[] }) {
  const { book, chapter, verses } = await checkSelection(db, options);
  await db
    .delete(bibleBookmarks)
    .where(and(inChapter(bibleBookmarks, options.userId, book, chapter), inArray(bibleBookmarks.verse, verses)));
}

function toNote(row: typeof bibleNotes.$inferSelect) {
  return {
    id: row.id,
    book: bookByIndex(row.bookIndex)!.osis,
    chapter: row.chapter,
    verses: row.verses,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function createNote(
  db: Database,
  options: { userId: string; book: string; chapter: number; verses: number[]; content: string },
) {
  const { book, chapter, verses } = await checkSelection(db, options);
  const [row] = await db
    .insert(bibleNotes)
    .values({ userId: options.userId, bookIndex: book.index, chapter, verses, content: options.content })
    .returning();
  return toNote(row!);
}

const NOTE_NOT_FOUND = "That note";

export async function updateNote(db: Database, options: { userId: string; id: string; content: string }) {
  const [row] = await db
    .update(bibleNotes)
    .set({ content: options.content, updatedAt: sql`now()` })
    .where(and(eq(bibleNotes.id, options.id), eq(bibleNotes.userId, options.userId)))
    .returning();
  if (!row) throw notFound(NOTE_NOT_FOUND);
  return toNote(row);
}

export async function deleteNote(db: Database, options: { userId: string; id: string }): Promise<void> {
  const rows = await db
    .delete(bibleNotes)
    .where(and(eq(bibleNotes.id, options.id), eq(bibleNotes.userId, options.userId)))
    .returning({ id: bibleNotes.id });
  if (rows.length === 0) throw notFound(NOTE_NOT_FOUND);
}

/** My highlights, bookmarks and notes in one chapter, for the reader. */
export async function chapterAnnotations(
  db: Database,
  options: { userId: string; book: string; chapter: number },
): Promise<ChapterAnnotations> {
  const book = bookOf(options.book);
  checkChapter(book, options.chapter);
  const where = (t: VerseTable) => inChapter(t, options.userId, book, options.chapter);
  const [highlights, bookmarks, notes] = await Promise.all([
    db.select().from(bibleHighlights).where(where(bibleHighlights)).orderBy(bibleHighlights.verse),
    db.select().from(bibleBookmarks).where(where(bibleBookmarks)).orderBy(bibleBookmarks.verse),
    db.select().from(bibleNotes).where(where(bibleNotes)).orderBy(bibleNotes.createdAt),
  ]);
  return {
    highlights: highlights.map((h) => ({
      book: book.osis,
      chapter: h.chapter,
      verse: h.verse,
      color: h.color as HighlightColor,
      updated_at: h.updatedAt.toISOString(),
    })),
    bookmarks: bookmarks.map((b) => ({
      book: book.osis,
      chapter: b.chapter,
      verse: b.verse,
      created_at: b.createdAt.toISOString(),
    })),
    notes: notes.map(toNote),
  };
}

/** At most this many rows of each kind are listed (a lifetime of reading fits well within it). */
const LIST_MAX = 2000;

interface VerseRow {
  bookIndex: number;
  chapter: number;
  verse: number;
  at: Date;
  color?: string;
}

/** Consecutive verses of one chapter marked alike (same colour) become one item: "John 3:16-18". */
function groupRuns(rows: VerseRow[]): VerseRow[][] {
  const sorted = [...rows].sort((a, b) => a.bookIndex - b.bookIndex || a.chapter - b.chapter || a.verse - b.verse);
  const runs: VerseRow[][] = [];
  for (const row of sorted) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (
      last &&
      last.bookIndex === row.bookIndex &&
      last.chapter === row.chapter &&
      last.verse + 1 === row.verse &&
      last.color === row.color
    ) {
      run!.push(row);
    } else {
      runs.push([row]);
    }
  }
  return runs;
}

/** "My highlights and notes": newest first, each with its verses' text in the translation being read. */
export async function listAnnotations(
  db: Database,
  options: { userId: string; kind: "all" | "highlights" | "bookmarks" | "notes"; translation: TranslationId },
): Promise<AnnotationItem[]> {
  const want = (k: string) => options.kind === "all" || options.kind === k;
  const [highlights, bookmarks, notes] = await Promise.all([
    want("highlights")
      ? db
          .select()
          .from(bibleHighlights)
          .where(eq(bibleHighlights.userId, options.userId))
          .orderBy(desc(bibleHighlights.updatedAt))
          .limit(LIST_MAX)
      : [],
    want("bookmarks")
      ? db
          .select()
          .from(bibleBookmarks)
          .where(eq(bibleBookmarks.userId, options.userId))
          .orderBy(desc(bibleBookmarks.createdAt))
          .limit(LIST_MAX)
      : [],
    want("notes")
      ? db
          .select()
          .from(bibleNotes)
          .where(eq(bibleNotes.userId, options.userId))
          .orderBy(desc(bibleNotes.updatedAt))
          .limit(LIST_MAX)
      : [],
  ]);

  type Draft = Omit<AnnotationItem, "text"> & { bookIndex: number; at: Date };
  const drafts: Draft[] = [];
  const addRun = (kind: "highlight" | "bookmark", run: VerseRow[]) => {
    const first = run[0]!;
    const book = bookByIndex(first.bookIndex)!;
    const verses = run.map((r) => r.verse);
    const at = new Date(Math.max(...run.map((r) => r.at.getTime())));
    drafts.push({
      kind,
      id: `${book.osis}.${first.chapter}.${formatVerseSelection(verses)}`,
      book: book.osis,
      bookIndex: book.index,
      chapter: first.chapter,
      verses,
      reference: verseReference(book, first.chapter, verses),
      color: kind === "highlight" ? (first.color as HighlightColor) : null,
      content: null,
      updated_at: at.toISOString(),
      at,
    });
  };
  for (const run of groupRuns(
    highlights.map((h) => ({ bookIndex: h.bookIndex, chapter: h.chapter, verse: h.verse, at: h.updatedAt, color: h.color })),
  )) {
    addRun("highlight", run);
  }
  for (const run of groupRuns(
    bookmarks.map((b) => ({ bookIndex: b.bookIndex, chapter: b.chapter, verse: b.verse, at: b.createdAt })),
  )) {
    addRun("bookmark", run);
  }
  for (const n of notes) {
    const book = bookByIndex(n.bookIndex)!;
    drafts.push({
      kind: "note",
      id: n.id,
      book: book.osis,
      bookIndex: book.index,
      chapter: n.chapter,
      verses: n.verses,
      reference: verseReference(book, n.chapter, n.verses),
      color: null,
      content: n.content,
      updated_at: n.updatedAt.toISOString(),
      at: n.updatedAt,
    });
  }
  drafts.sort((a, b) => b.at.getTime() - a.at.getTime());

  // The verses' text, in one query for every chapter involved.
  const chapters = [...new Set(drafts.map((d) => `${d.bookIndex}:${d.chapter}`))].map(
    (key) => key.split(":").map(Number) as [number, number],
  );
  const texts = new Map<string, string>();
  if (chapters.length > 0) {
    const rows = await db.execute<{ book_index: number; chapter: number; verse: number; text: string }>(sql`
      SELECT v.book_index, v.chapter, v.verse, v.text
      FROM bible_verses v
      JOIN unnest(${`{${chapters.map(([b]) => b).join(",")}}`}::smallint[], ${`{${chapters.map(([, c]) => c).join(",")}}`}::smallint[]) AS w(b, c)
        ON v.book_index = w.b AND v.chapter = w.c
      WHERE v.translation = ${options.translation}
    `);
    for (const r of rows.rows) texts.set(`${r.book_index}:${r.chapter}:${r.verse}`, r.text);
  }
  return drafts.map(({ bookIndex, at: _at, ...item }) => ({
    ...item,
    text: item.verses
      .map((v) => texts.get(`${bookIndex}:${item.chapter}:${v}`))
      .filter(Boolean)
      .join(" "),
  }));
}

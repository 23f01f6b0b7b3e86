import { and, eq, sql } from "drizzle-orm";
import {
  bookByOsis,
  chapterCountText,
  chapterTitle,
  MOST_VERSES_IN_A_CHAPTER,
  TRANSLATION_IDS,
  type BibleBook,
  type Passage,
  type TranslationId,
} from "@shepherd/shared";
import { BibleReferenceError, resolveReference, type ResolvedReference } from "../../bible/references";
import { versionTag } from "../../bible/sources";
import { schema, type Database } from "../../db/client";
import { AppError, notFound } from "../../errors";

/**
 * The Word's text: chapters, passages, the verse of the day and a chapter read aloud. The Bible text is in the database
 * (bible/load.ts); what every request needs about it (each translation's version, each chapter's verse count) is read
 * once per database handle: the text changes only when a new package version is loaded at start.
 */

const { bibleChapters, bibleVerses, bibleTranslations } = schema;

export interface BibleIndex {
  versions: Record<TranslationId, string>;
  verseCount(translation: TranslationId, book: BibleBook, chapter: number): number | undefined;
  /** The most verses a chapter has in any translation: highlights and notes belong to verses, not to one text. */
  maxVerse(book: BibleBook, chapter: number): number | undefined;
}

const indexes = new WeakMap<Database, Promise<BibleIndex>>();

export function bibleIndex(db: Database): Promise<BibleIndex> {
  let index = indexes.get(db);
  if (!index) {
    index = loadIndex(db);
    index.catch(() => indexes.delete(db));
    indexes.set(db, index);
  }
  return index;
}

async function loadIndex(db: Database): Promise<BibleIndex> {
  const translations = await db.select({ id: bibleTranslations.id, version: bibleTranslations.version }).from(bibleTranslations);
  const rows = await db
    .select({
      translation: bibleChapters.translation,
      book: bibleChapters.bookIndex,
      chapter: bibleChapters.chapter,
      count: bibleChapters.verseCount,
    })
    .from(bibleChapters);
  if (translations.length < TRANSLATION_IDS.length)
    throw new AppError("UNAVAILABLE", "The Bible text is still being loaded. Please try again in a moment.");
  const versions = Object.fromEntries(translations.map((t) => [t.id, t.version])) as Record<TranslationId, string>;
  const counts = new Map(rows.map((r) => [`${r.translation}:${r.book}:${r.chapter}`, r.count]));
  const max = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.book}:${r.chapter}`;
    max.set(key, Math.max(max.get(key) ?? 0, r.count));
  }
  return {
    versions,
    verseCount: (translation, book, chapter) => counts.get(`${translation}:${book.index}:${chapter}`),
    maxVerse: (book, chapter) => max.get(`${book.index}:${chapter}`),
  };
}

export function bookOf(osis: string): BibleBook {
  const book = bookByOsis(osis);
  if (!book) throw new AppError("BAD_REQUEST", `"${osis}" is not a book of the Bible we know.`);
  return book;
}

export function checkChapter(book: BibleBook, chapter: number): void {
  if (chapter < 1 || chapter > book.chapters) {
    throw new AppError("NOT_FOUND", chapterCountText(book));
  }
}

export interface ChapterBody {
  /** The JSON answer, ready to send: the stored blocks are spliced in as they are, never parsed. */
  json: string;
  etag: string;
}

/** A chapter's layout, as the translation marks it. The body is immutable for a translation version. */
export async function getChapter(
  db: Database,
  options: { translation: TranslationId; book: string; chapter: number },
): Promise<ChapterBody> {
  const book = bookOf(options.book);
  checkChapter(book, options.chapter);
  const index = await bibleIndex(db);
  const [row] = await db
    .select({ count: bibleChapters.verseCount, blocks: sql<string>`${bibleChapters.blocks}::text` })
    .from(bibleChapters)
    .where(
      and(
        eq(bibleChapters.translation, options.translation),
        eq(bibleChapters.bookIndex, book.index),
        eq(bibleChapters.chapter, options.chapter),
      ),
    );
  if (!row) throw notFound(`${chapterTitle(book, options.chapter)} in this translation`);
  const head = JSON.stringify({
    translation: options.translation,
    book: book.osis,
    chapter: options.chapter,
    verse_count: row.count,
  });
  return {
    json: `${head.slice(0, -1)},"blocks":${row.blocks}}`,
    etag: `"${versionTag(index.versions[options.translation])}-${book.index}-${options.chapter}"`,
  };
}

async function versesBetween(
  db: Database,
  translation: TranslationId,
  book: BibleBook,
  from: { chapter: number; verse: number },
  to: { chapter: number; verse: number },
) {
  return db
    .select({ chapter: bibleVerses.chapter, verse: bibleVerses.verse, text: bibleVerses.text })
    .from(bibleVerses)
    .where(
      and(
        eq(bibleVerses.translation, translation),
        eq(bibleVerses.bookIndex, book.index),
        sql`(${bibleVerses.chapter}, ${bibleVerses.verse}) BETWEEN (${from.chapter}, ${from.verse}) AND (${to.chapter}, ${to.verse})`,
      ),
    )
    .orderBy(bibleVerses.chapter, bibleVerses.verse);
}

export async function resolve(db: Database, options: { ref: string; translation: TranslationId }): Promise<ResolvedReference> {
  const index = await bibleIndex(db);
  try {
    return resolveReference(options.ref, (book, chapter) => index.verseCount(options.translation, book, chapter));
  } catch (error) {
    if (error instanceof BibleReferenceError) throw new AppError("BAD_REQUEST", error.message);
    throw error;
  }
}

/** A reference opened in the reader: the chapter, the verses to highlight, and the passage's text. */
export async function getPassage(db: Database, options: { ref: string; translation: TranslationId }): Promise<Passage> {
  const found = await resolve(db, options);
  const start = { chapter: found.chapter, verse: found.verses[0] ?? 1 };
  const rows = await versesBetween(db, options.translation, found.book, start, found.end);
  const picked =
    found.verses.length > 1 && found.end.chapter === found.chapter ? rows.filter((r) => found.verses.includes(r.verse)) : rows;
  return { reference: found.display, book: found.book.osis, chapter: found.chapter, verses: found.verses, text: picked };
}

/** Index into the 366-day list for a calendar date: each date has its own verse every year (Feb 29 included). */
export function dayOfLeapYear(date: string): number {
  const [, month, day] = date.split("-").map(Number) as [number, number, number];
  return Math.round((Date.UTC(2024, month - 1, day) - Date.UTC(2024, 0, 1)) / 86_400_000);
}

export async function verseOfTheDay(
  db: Database,
  list: ReadonlyArray<{ reference: string; theme: string }>,
  options: { date: string; translation: TranslationId },
): Promise<Passage & { date: string; theme: string }> {
  const entry = list[dayOfLeapYear(options.date) % list.length]!;
  const passage = await getPassage(db, { ref: entry.reference, translation: options.translation });
  return { ...passage, date: options.date, theme: entry.theme };
}

/** A chapter's text read aloud: its title, then each verse in order. */
export async function chapterSpeechText(db: Database, options: { translation: TranslationId; book: string; chapter: number }) {
  const book = bookOf(options.book);
  checkChapter(book, options.chapter);
  const rows = await versesBetween(
    db,
    options.translation,
    book,
    { chapter: options.chapter, verse: 1 },
    { chapter: options.chapter, verse: MOST_VERSES_IN_A_CHAPTER },
  );
  if (rows.length === 0) throw notFound(chapterTitle(book, options.chapter));
  return { book, text: `${chapterTitle(book, options.chapter)}. ${rows.map((r) => r.text).join(" ")}` };
}

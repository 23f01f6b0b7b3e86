import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  bookByIndex,
  bookByOsis,
  chapterCountText,
  chapterTitle,
  DEFAULT_READER_SETTINGS,
  formatVerseSelection,
  MOST_VERSES_IN_A_CHAPTER,
  SEARCH_PAGE_SIZE,
  TRANSLATION_IDS,
  verseReference,
  type AnnotationItem,
  type BibleBook,
  type ChapterAnnotations,
  type HighlightColor,
  type LineSpacing,
  type Passage,
  type ReaderSettings,
  type SearchResult,
  type TranslationId,
} from "@shepherd/shared";
import type pg from "pg";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { BibleReferenceError, resolveReference, type ResolvedReference } from "../../bible/references";
import { versionTag } from "../../bible/sources";

const { bibleChapters, bibleVerses, bibleTranslations, bibleHighlights, bibleBookmarks, bibleNotes, readerSettings } = schema;

/**
 * The Word's rules and queries: chapters, passages, search, verse of the day, highlights, bookmarks, notes and
 * reading settings. The Bible text is in the database (bible/load.ts); what every request needs about it
 * (each translation's version, each chapter's verse count) is read once per database handle: the text changes only
 * when a new package version is loaded at start.
 */

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

function bookOf(osis: string): BibleBook {
  const book = bookByOsis(osis);
  if (!book) throw new AppError("BAD_REQUEST", `"${osis}" is not a book of the Bible we know.`);
  return book;
}

function checkChapter(book: BibleBook, chapter: number): void {
  if (chapter < 1 || chapter > book.chapters) {
    throw new AppError("NOT_FOUND", chapterCountText(book));
  }
}

// --- Reading ---------------------------------------------------------------------------------------------------

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

// --- Search ----------------------------------------------------------------------------------------------------

/** Book indexes (1 Genesis ... 66 Revelation) a search may be limited to; the Old Testament is the first 39. */
const TESTAMENT_BOOKS = { all: [1, 66], ot: [1, 39], nt: [40, 66] } as const;

const HIT_START = "\u0001";
const HIT_END = "\u0002";
const HEADLINE_OPTIONS = `StartSel=${HIT_START}, StopSel=${HIT_END}, HighlightAll=true`;

/** $1 words, $2 translation, $3-$4 book range, $5 limit, $6 offset, $7 ts_headline options. */
const SEARCH_SQL = `
  WITH q AS (SELECT websearch_to_tsquery('english', $1) AS query, phraseto_tsquery('english', $1) AS phrase),
  hits AS (
    SELECT v.book_index, v.chapter, v.verse, v.text, count(*) OVER () AS total,
           (numnode(q.phrase) > 0 AND v.search @@ q.phrase) AS phrase_hit, ts_rank_cd(v.search, q.query) AS rank
    FROM bible_verses v CROSS JOIN q
    WHERE v.translation = $2 AND v.book_index BETWEEN $3 AND $4 AND v.search @@ q.query
    ORDER BY phrase_hit DESC, rank DESC, v.book_index, v.chapter, v.verse
    LIMIT $5 OFFSET $6
  )
  SELECT h.book_index, h.chapter, h.verse, h.total, ts_headline('english', h.text, q.query, $7) AS marked
  FROM hits h CROSS JOIN q
  ORDER BY h.phrase_hit DESC, h.rank DESC, h.book_index, h.chapter, h.verse`;

/** ts_headline's marked text -> pieces; a marker never appears in the Bible text itself. */
export function splitMarked(marked: string): Array<{ text: string; hit: boolean }> {
  const parts: Array<{ text: string; hit: boolean }> = [];
  for (const piece of marked.split(HIT_START)) {
    const end = piece.indexOf(HIT_END);
    if (end < 0) {
      if (piece) parts.push({ text: piece, hit: false });
      continue;
    }
    if (end > 0) parts.push({ text: piece.slice(0, end), hit: true });
    if (end + 1 < piece.length) parts.push({ text: piece.slice(end + 1), hit: false });
  }
  return parts;
}

/**
 * Full-text search of one translation (PostgreSQL's English text search: stems, stop words, "quoted phrases", -not,
 * or). Verses holding the words as a phrase come first, then by ts_rank_cd, then in Bible order.
 */
export async function searchBible(
  db: Database,
  options: { q: string; translation: TranslationId; testament: "all" | "ot" | "nt"; book?: string; offset: number },
): Promise<SearchResult> {
  const book = options.book ? bookOf(options.book) : null;
  const [from, to] = book ? [book.index, book.index] : TESTAMENT_BOOKS[options.testament];
  // A named prepared statement: PostgreSQL plans it once per connection (planning costs more than running it).
  const result = await (db as Database & { $client: pg.Pool }).$client.query<{
    book_index: number;
    chapter: number;
    verse: number;
    marked: string;
    total: string;
  }>({
    name: "bible_search",
    text: SEARCH_SQL,
    values: [options.q, options.translation, from, to, SEARCH_PAGE_SIZE, options.offset, HEADLINE_OPTIONS],
  });
  const rows = result.rows;
  if (rows.length === 0 && options.offset === 0) {
    const check = await db.execute<{ nodes: number }>(
      sql`SELECT numnode(websearch_to_tsquery('english', ${options.q})) AS nodes`,
    );
    if (Number(check.rows[0]?.nodes ?? 0) === 0) {
      throw new AppError(
        "BAD_REQUEST",
        `"${options.q}" is made only of very common words. Add a word that says more, such as "shepherd".`,
      );
    }
  }
  let reference: SearchResult["reference"] = null;
  try {
    const found = await resolve(db, { ref: options.q, translation: options.translation });
    reference = { display: found.display, path: { book: found.book.osis, chapter: found.chapter, verses: found.verses } };
  } catch {
    // Not a reference: a plain search.
  }
  return {
    query: options.q,
    translation: options.translation,
    total: rows[0] ? Number(rows[0].total) : 0,
    offset: options.offset,
    reference,
    hits: rows.map((r) => {
      const hitBook = bookByIndex(r.book_index)!;
      return {
        book: hitBook.osis,
        chapter: r.chapter,
        verse: r.verse,
        reference: verseReference(hitBook, r.chapter, [r.verse]),
        parts: splitMarked(r.marked),
      };
    }),
  };
}

// --- Verse of the day ------------------------------------------------------------------------------------------

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

// --- Highlights, bookmarks, notes ------------------------------------------------------------------------------

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

// --- Reading settings ------------------------------------------------------------------------------------------

function toSettings(row: typeof readerSettings.$inferSelect | undefined): ReaderSettings {
  if (!row) return DEFAULT_READER_SETTINGS;
  const lastBook = row.lastBookIndex ? bookByIndex(row.lastBookIndex) : undefined;
  return {
    translation: (TRANSLATION_IDS as readonly string[]).includes(row.translation) ? (row.translation as TranslationId) : "web",
    font_size: row.fontSize,
    line_spacing: row.lineSpacing as LineSpacing,
    last_book: lastBook?.osis ?? null,
    last_chapter: lastBook ? row.lastChapter : null,
    last_read_at: row.lastReadAt?.toISOString() ?? null,
  };
}

export async function getReaderSettings(db: Database, userId: string): Promise<ReaderSettings> {
  const [row] = await db.select().from(readerSettings).where(eq(readerSettings.userId, userId));
  return toSettings(row);
}

export async function updateReaderSettings(
  db: Database,
  options: { userId: string; translation?: TranslationId; fontSize?: number; lineSpacing?: LineSpacing },
): Promise<ReaderSettings> {
  const changes = {
    ...(options.translation ? { translation: options.translation } : {}),
    ...(options.fontSize ? { fontSize: options.fontSize } : {}),
    ...(options.lineSpacing ? { lineSpacing: options.lineSpacing } : {}),
  };
  const [row] = await db
    .insert(readerSettings)
    .values({ userId: options.userId, ...changes })
    .onConflictDoUpdate({ target: readerSettings.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return toSettings(row);
}

/** Where I was: the chapter last opened. */
export async function saveReadingPosition(
  db: Database,
  options: { userId: string; book: string; chapter: number },
): Promise<ReaderSettings> {
  const book = bookOf(options.book);
  checkChapter(book, options.chapter);
  const position = { lastBookIndex: book.index, lastChapter: options.chapter, lastReadAt: sql`now()` };
  const [row] = await db
    .insert(readerSettings)
    .values({ userId: options.userId, ...position })
    .onConflictDoUpdate({ target: readerSettings.userId, set: position })
    .returning();
  return toSettings(row);
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

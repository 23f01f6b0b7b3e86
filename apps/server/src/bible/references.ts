import { bcv_parser } from "bible-passage-reference-parser/esm/bcv_parser.js";
import * as english from "bible-passage-reference-parser/esm/lang/en.js";
import { bookByOsis, chapterCountText, chapterTitle, verseReference, type BibleBook } from "@shepherd/shared";

/**
 * Reference text -> a place in the reader. "Ephesians 5:25", "Prov 27:17-19", "Jn 3:16, 18", "1 Cor 13", "Psalm 23",
 * "Jude 3", "Eph 5:25-6:4", "Genesis" are all understood (abbreviations through `bible-passage-reference-parser`);
 * chapters and verses are checked against the translation's own text, so a reference that does not exist gets a
 * message that says why ("John has 21 chapters.").
 */

/** A reference that names no passage; the message says why, for the person who typed it. */
export class BibleReferenceError extends Error {}

export interface ResolvedReference {
  book: BibleBook;
  chapter: number;
  /** Verses to highlight in `chapter`; empty when the reference names whole chapters. */
  verses: number[];
  /** Where a range ends; a later chapter when it runs on ("Eph 5:25-6:4"). */
  end: { chapter: number; verse: number };
  /** The reference written out in full: "Proverbs 27:17-19". */
  display: string;
}

/** How many verses a chapter has in the translation being read; undefined for a chapter that does not exist. */
export type VerseCounter = (book: BibleBook, chapter: number) => number | undefined;

interface Point {
  b: string;
  c: number;
  v: number;
  type?: string;
}
interface Entity {
  start: Point;
  end: Point;
  type: string;
  valid?: { valid: boolean; messages: Record<string, unknown> };
}

const parser = new bcv_parser(english);
parser.set_options({
  // "Genesis" alone opens chapter 1.
  book_alone_strategy: "first_chapter",
  // Keep what the parser thinks invalid, so the person hears why rather than "not a reference".
  invalid_passage_strategy: "include",
  // Chapter and verse existence are checked against our own text below.
  passage_existence_strategy: "b",
});

const EXAMPLE = "Try a book, chapter and verse, such as John 3:16.";

function checkPoint(book: BibleBook, point: Point, count: VerseCounter, wholeChapter: boolean): number {
  const verses = count(book, point.c);
  if (point.c < 1 || verses === undefined) {
    throw new BibleReferenceError(chapterCountText(book));
  }
  if (wholeChapter) return verses;
  if (point.v < 1) throw new BibleReferenceError("Verses start at 1.");
  if (point.v > verses) throw new BibleReferenceError(`${chapterTitle(book, point.c)} has ${verses} verses.`);
  return verses;
}

export function resolveReference(text: string, count: VerseCounter): ResolvedReference {
  const input = text.trim();
  if (!input) throw new BibleReferenceError(`Give a reference. ${EXAMPLE}`);
  const entities = (parser.parse(input).parsed_entities()[0]?.entities ?? []) as Entity[];
  const first = entities[0];
  if (!first) throw new BibleReferenceError(`We couldn't read "${input}" as a Bible reference. ${EXAMPLE}`);
  const book = bookByOsis(first.start.b);
  if (!book) throw new BibleReferenceError(`We couldn't read "${input}" as a Bible reference. ${EXAMPLE}`);
  if (first.end.b !== first.start.b) throw new BibleReferenceError("A passage stays within one book; give one book at a time.");
  const problems = first.valid?.messages ?? {};
  if (problems.start_verse_is_zero || problems.end_verse_is_zero) {
    throw new BibleReferenceError("Verses start at 1.");
  }

  // "John 3", "Genesis" and "Matt 5-7" name whole chapters; "John 3:16", "Jude 3" and "Eph 5:25-6:4" name verses.
  const wholeChapter =
    first.type === "b" ||
    (first.type === "bc" && first.start.v !== first.end.v) ||
    (first.type === "range" && first.start.type === "bc");
  const chapter = first.start.c;
  const lastInChapter = checkPoint(book, first.start, count, wholeChapter);
  const endChapter = first.end.c;
  if (endChapter < chapter || (endChapter === chapter && !wholeChapter && first.end.v < first.start.v)) {
    throw new BibleReferenceError(`"${input}" runs backwards; write the earlier verse first.`);
  }
  const lastInEnd = endChapter === chapter ? lastInChapter : checkPoint(book, first.end, count, wholeChapter);
  if (!wholeChapter && endChapter === chapter && first.end.v > lastInChapter) {
    throw new BibleReferenceError(`${chapterTitle(book, chapter)} has ${lastInChapter} verses.`);
  }
  const end = { chapter: endChapter, verse: wholeChapter ? lastInEnd : first.end.v };

  if (wholeChapter) {
    const display = end.chapter === chapter ? chapterTitle(book, chapter) : `${book.name} ${chapter}-${end.chapter}`;
    return { book, chapter, verses: [], end, display };
  }

  const verses = new Set<number>();
  const lastHere = end.chapter === chapter ? end.verse : lastInChapter;
  for (let v = first.start.v; v <= lastHere; v++) verses.add(v);
  // "John 3:16, 18": further verses of the same chapter join the selection.
  for (const more of entities.slice(1)) {
    if (more.start.b !== book.osis || more.start.c !== chapter || more.end.c !== chapter) continue;
    if (more.start.v < 1 || more.end.v > lastInChapter || more.end.v < more.start.v) continue;
    for (let v = more.start.v; v <= more.end.v; v++) verses.add(v);
  }
  const sorted = [...verses].sort((a, b) => a - b);
  const last = end.chapter === chapter ? { chapter, verse: sorted[sorted.length - 1]! } : end;
  const display =
    end.chapter === chapter
      ? verseReference(book, chapter, sorted)
      : `${verseReference(book, chapter, [first.start.v])}-${end.chapter}:${end.verse}`;
  return { book, chapter, verses: sorted, end: last, display };
}

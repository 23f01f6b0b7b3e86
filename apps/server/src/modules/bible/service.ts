import { bcv_parser } from "bible-passage-reference-parser/esm/bcv_parser.js";
import * as english from "bible-passage-reference-parser/esm/lang/en.js";
import { bookByOsis } from "@shepherd/shared";
import { readWebBook } from "./sources";

/**
 * The World English Bible's text by reference, for devotionals: each book read once on first use (through
 * sources.ts, as The Word reads it) and indexed by chapter and verse. References are parsed with
 * `bible-passage-reference-parser`.
 */

export interface VerseRange {
  book: string;
  startChapter: number;
  startVerse: number;
  endChapter: number;
  endVerse: number;
}

export class BibleReferenceError extends Error {}

const parser = new bcv_parser(english);
const books = new Map<string, Map<string, string>>();

function bookVerses(osis: string): Map<string, string> {
  let verses = books.get(osis);
  if (verses) return verses;
  const book = bookByOsis(osis);
  if (!book) throw new BibleReferenceError(`Unknown book ${osis}`);
  verses = new Map();
  for (const chapter of readWebBook(book)) {
    for (const [verse, text] of chapter.verses) verses.set(`${chapter.chapter}:${verse}`, text);
  }
  books.set(osis, verses);
  return verses;
}

/** Parses "Ephesians 5:25-28", "Prov 27:17-19", "Joshua 24:15"; throws BibleReferenceError with a clear message. */
export function parseReference(reference: string): VerseRange {
  const entity = parser.parse(reference).parsed_entities()[0]?.entities?.[0];
  if (!entity) throw new BibleReferenceError(`"${reference}" is not a Bible reference we recognise.`);
  const { start, end } = entity as { start: { b: string; c: number; v: number }; end: { b: string; c: number; v: number } };
  if (start.b !== end.b) throw new BibleReferenceError(`"${reference}" spans more than one book.`);
  return { book: start.b, startChapter: start.c, startVerse: start.v, endChapter: end.c, endVerse: end.v };
}

/** The WEB text of a passage, verse texts joined with spaces. */
export function passageText(reference: string): string {
  const range = parseReference(reference);
  const verses = bookVerses(range.book);
  const parts: string[] = [];
  for (let c = range.startChapter; c <= range.endChapter; c++) {
    for (let v = c === range.startChapter ? range.startVerse : 1; ; v++) {
      if (c === range.endChapter && v > range.endVerse) break;
      const text = verses.get(`${c}:${v}`);
      if (text === undefined) {
        if (c < range.endChapter && v > 1) break; // end of a chapter inside a multi-chapter range
        throw new BibleReferenceError(
          `${bookByOsis(range.book)?.name ?? range.book} ${c}:${v} is not in the World English Bible.`,
        );
      }
      parts.push(text);
    }
  }
  return parts.join(" ");
}

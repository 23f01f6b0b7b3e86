import { eq, sql } from "drizzle-orm";
import {
  bookByIndex,
  DEFAULT_READER_SETTINGS,
  TRANSLATION_IDS,
  type LineSpacing,
  type ReaderSettings,
  type TranslationId,
} from "@shepherd/shared";
import { schema, type Database } from "../../db/client";
import { bookOf, checkChapter } from "./text";

/** Reading settings (translation, text size, line spacing) and where the person was reading. */

const { readerSettings } = schema;

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

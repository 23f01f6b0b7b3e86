import { bookByIndex, verseReference } from "@shepherd/shared";
import { eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";
import { getReaderSettings } from "./settings";

const { bibleHighlights, bibleBookmarks, bibleNotes } = schema;

/** The Word: reading settings, highlights, bookmarks and notes, with their references written out. */
export const wordData: PersonData = {
  export: {
    bible: async (db, userId) => {
      const [settings, highlights, bookmarks, notes] = await Promise.all([
        getReaderSettings(db, userId),
        db.select().from(bibleHighlights).where(eq(bibleHighlights.userId, userId)),
        db.select().from(bibleBookmarks).where(eq(bibleBookmarks.userId, userId)),
        db.select().from(bibleNotes).where(eq(bibleNotes.userId, userId)),
      ]);
      const ref = (bookIndex: number, chapter: number, verses: number[]) =>
        verseReference(bookByIndex(bookIndex)!, chapter, verses);
      return {
        reading_settings: settings,
        highlights: highlights.map((h) => ({
          reference: ref(h.bookIndex, h.chapter, [h.verse]),
          color: h.color,
          updated_at: h.updatedAt,
        })),
        bookmarks: bookmarks.map((b) => ({ reference: ref(b.bookIndex, b.chapter, [b.verse]), created_at: b.createdAt })),
        notes: notes.map((n) => ({
          reference: ref(n.bookIndex, n.chapter, n.verses),
          content: n.content,
          created_at: n.createdAt,
          updated_at: n.updatedAt,
        })),
      };
    },
  },
};

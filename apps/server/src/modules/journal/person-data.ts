import { desc, eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { journalEntries } = schema;

export const journalData: PersonData = {
  export: {
    journal_entries: (db, userId) =>
      db
        .select({
          entry_date: journalEntries.entryDate,
          devotional_title: journalEntries.devotionalTitle,
          passage: journalEntries.passage,
          content: journalEntries.content,
          created_at: journalEntries.createdAt,
          updated_at: journalEntries.updatedAt,
        })
        .from(journalEntries)
        .where(eq(journalEntries.userId, userId))
        .orderBy(desc(journalEntries.createdAt)),
  },
};

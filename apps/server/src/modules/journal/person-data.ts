import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { journalEntries: t } = schema;

export const journalData: PersonData = {
  export: {
    journal_entries: ownRows(
      t,
      {
        entry_date: t.entryDate,
        devotional_title: t.devotionalTitle,
        passage: t.passage,
        content: t.content,
        created_at: t.createdAt,
        updated_at: t.updatedAt,
      },
      t.createdAt,
    ),
  },
};

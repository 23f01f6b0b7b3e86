import { desc, eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { encouragementWhispers } = schema;

export const whisperData: PersonData = {
  export: {
    whispers: (db, userId) =>
      db
        .select({
          message: encouragementWhispers.message,
          trigger_type: encouragementWhispers.triggerType,
          read: encouragementWhispers.read,
          created_at: encouragementWhispers.createdAt,
        })
        .from(encouragementWhispers)
        .where(eq(encouragementWhispers.userId, userId))
        .orderBy(desc(encouragementWhispers.createdAt)),
  },
};

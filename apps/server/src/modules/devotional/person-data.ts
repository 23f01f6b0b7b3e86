import { desc, eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { devotionals, devotionalProgress } = schema;

export const devotionalData: PersonData = {
  export: {
    devotionals: (db, userId) =>
      db
        .select({
          devotional_date: devotionals.devotionalDate,
          title: devotionals.title,
          passage: devotionals.passage,
          theme: devotionals.theme,
        })
        .from(devotionals)
        .where(eq(devotionals.userId, userId))
        .orderBy(desc(devotionals.devotionalDate)),
    devotional_progress: (db, userId) =>
      db
        .select({
          progress_date: devotionalProgress.progressDate,
          completed: devotionalProgress.completed,
          completed_at: devotionalProgress.completedAt,
          spiritual_connection: devotionalProgress.spiritualConnection,
          prayed_at: devotionalProgress.prayedAt,
        })
        .from(devotionalProgress)
        .where(eq(devotionalProgress.userId, userId))
        .orderBy(desc(devotionalProgress.progressDate)),
  },
};

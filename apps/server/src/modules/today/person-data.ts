import { desc, eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { dailyCheckins } = schema;

export const todayData: PersonData = {
  export: {
    daily_checkins: (db, userId) =>
      db
        .select({
          check_in_date: dailyCheckins.checkInDate,
          mood: dailyCheckins.mood,
          focus_areas: dailyCheckins.focusAreas,
          notes: dailyCheckins.notes,
          spiritual_connection: dailyCheckins.spiritualConnection,
        })
        .from(dailyCheckins)
        .where(eq(dailyCheckins.userId, userId))
        .orderBy(desc(dailyCheckins.checkInDate)),
  },
};

import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { dailyCheckins: t } = schema;

export const todayData: PersonData = {
  export: {
    daily_checkins: ownRows(
      t,
      {
        check_in_date: t.checkInDate,
        mood: t.mood,
        focus_areas: t.focusAreas,
        notes: t.notes,
        spiritual_connection: t.spiritualConnection,
      },
      t.checkInDate,
    ),
  },
};

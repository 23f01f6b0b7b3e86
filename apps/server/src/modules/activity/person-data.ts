import { desc, eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { activityEvents } = schema;

export const activityData: PersonData = {
  export: {
    activity_events: (db, userId) =>
      db
        .select({
          action_type: activityEvents.actionType,
          page_route: activityEvents.pageRoute,
          metadata: activityEvents.metadata,
          created_at: activityEvents.createdAt,
        })
        .from(activityEvents)
        .where(eq(activityEvents.userId, userId))
        .orderBy(desc(activityEvents.createdAt)),
  },
};

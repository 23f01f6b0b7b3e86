import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { activityEvents: t, memberLastActive } = schema;

export const activityData: PersonData = {
  export: {
    activity_events: ownRows(
      t,
      { action_type: t.actionType, page_route: t.pageRoute, metadata: t.metadata, created_at: t.createdAt },
      t.createdAt,
    ),
    /** His last day with any activity (UTC), kept for the admin dashboard's count of active members. */
    last_active_day: ownRows(memberLastActive, { day: memberLastActive.day }),
  },
};

import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { activityEvents: t } = schema;

export const activityData: PersonData = {
  export: {
    activity_events: ownRows(
      t,
      { action_type: t.actionType, page_route: t.pageRoute, metadata: t.metadata, created_at: t.createdAt },
      t.createdAt,
    ),
  },
};

import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";

const { notifications: t } = schema;

export const notificationData: PersonData = {
  export: {
    notifications: ownRows(t, { type: t.type, content: t.content, read: t.read, created_at: t.createdAt }),
  },
};

import { eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { notifications } = schema;

export const notificationData: PersonData = {
  export: {
    notifications: (db, userId) =>
      db
        .select({
          type: notifications.type,
          content: notifications.content,
          read: notifications.read,
          created_at: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId)),
  },
};

import { and, count, desc, eq } from "drizzle-orm";
import { NOTIFICATION_LIST_LIMIT, type NotificationList } from "@shepherd/shared";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";

const { notifications, profiles } = schema;

/** Spec section 7: the 20 newest of the user's notifications with their mentioners, and the unread count. */
export async function listNotifications(db: Database, userId: string): Promise<NotificationList> {
  const [rows, [unread]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        type: notifications.type,
        content: notifications.content,
        read: notifications.read,
        createdAt: notifications.createdAt,
        mentionerId: notifications.mentionerId,
        displayName: profiles.displayName,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
      })
      .from(notifications)
      .leftJoin(profiles, eq(profiles.id, notifications.mentionerId))
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(NOTIFICATION_LIST_LIMIT),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false))),
  ]);
  return {
    unread: unread?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      content: r.content,
      read: r.read,
      created_at: r.createdAt.toISOString(),
      mentioner: r.mentionerId
        ? { id: r.mentionerId, display_name: r.displayName, username: r.username, avatar_url: r.avatarUrl }
        : null,
    })),
  };
}

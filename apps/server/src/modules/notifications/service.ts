import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  extractMentions,
  mentionExcerpt,
  MENTIONS_PER_ITEM_MAX,
  NOTIFICATION_LIST_LIMIT,
  type NotificationList,
  type NotificationType,
} from "@shepherd/shared";
import { prepared, schema, type Database, type Executor } from "../../db/client";
import { notFound } from "../../errors";
import { publishWithin } from "../../realtime/notice";
import { personRef } from "../profiles/people";

const {
  notifications,
  profiles,
  planDayComments,
  planDayDiscussions,
  planGroups,
  gatherings,
  postComments,
  seriesSessionComments,
  seriesSessions,
  reflections,
  reflectionComments,
} = schema;

/** Where a mention happened, as the list reads it (the item may since have been deleted: then null). */
interface MentionPlace {
  type: string;
  sourceId: string | null;
  commentPostId: string | null;
  reflectionId: string | null;
  flockId: string | null;
  /** Set when the mention is in a comment under the reflection. */
  reflectionCommentId: string | null;
  planDay: { planId: string; groupId: string; day: number } | null;
  seriesSession: { seriesId: string; sessionId: string } | null;
  /** A gathering's room, for gathering_scheduled and gathering_started. */
  roomName?: string | null;
}

/**
 * The link to the very item a notification is about: the post (and the comment) in The Pasture, the reflection in
 * My Flock, the day of a plan shared with the flock. Spec section 2 sends mention_post and mention_comment to
 * /pasture and mention_reflection to /flock; the query names the item on that page. Null when the item is gone.
 */
export function mentionLink(place: MentionPlace): string | null {
  const q = encodeURIComponent;
  switch (place.type) {
    case "mention_post":
      return place.sourceId ? `/pasture?post=${q(place.sourceId)}` : null;
    case "mention_comment":
      return place.commentPostId ? `/pasture?post=${q(place.commentPostId)}&comment=${q(place.sourceId!)}` : null;
    case "mention_reflection": {
      if (!place.reflectionId || !place.flockId) return null;
      const reflection = `/flock?f=${q(place.flockId)}&reflection=${q(place.reflectionId)}`;
      return place.reflectionCommentId ? `${reflection}&comment=${q(place.reflectionCommentId)}` : reflection;
    }
    case "mention_plan_day":
      return place.planDay
        ? `/path/${q(place.planDay.planId)}?day=${place.planDay.day}&together=${q(place.planDay.groupId)}`
        : null;
    case "gathering_scheduled":
    case "gathering_started":
      return place.roomName ? `/pasture/gathering/${q(place.roomName)}/join` : null;
    case "mention_series_session":
      return place.seriesSession
        ? `/pasture/library/${q(place.seriesSession.seriesId)}/sessions/${q(place.seriesSession.sessionId)}?comment=${q(place.sourceId!)}`
        : null;
    default:
      return null;
  }
}

/** Spec section 7: the 20 newest of the user's notifications with their mentioners, and the unread count. */
/** The list's limit written into the SQL rather than bound, so PostgreSQL keeps one generic plan (see db/client.ts). */
const LIST_LIMIT_LITERAL = sql.raw(String(NOTIFICATION_LIST_LIMIT)) as unknown as number;

/**
 * The newest notifications with what each links to, and the unread count: named prepared statements, planned once per
 * connection. The list joins eleven tables; planned afresh on every read it cost PostgreSQL about 9 ms of CPU even for
 * a member with no notification, and the bell asks on every visit.
 */
const listStatement = (db: Database) =>
  prepared(db, "notifications_list", () =>
    db
      .select({
        id: notifications.id,
        type: notifications.type,
        content: notifications.content,
        read: notifications.read,
        createdAt: notifications.createdAt,
        mentionerId: notifications.mentionerId,
        sourceId: notifications.sourceId,
        commentPostId: postComments.postId,
        reflectionId: reflections.id,
        flockId: reflections.flockId,
        reflectionCommentId: reflectionComments.id,
        displayName: profiles.displayName,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
        roomName: gatherings.roomName,
        // A mention in a plan day's discussion leads to that day in the plan, with the group's discussion open.
        planDay: sql<{ planId: string; groupId: string; day: number } | null>`case when ${planDayDiscussions.id} is null then null
          else json_build_object('planId', ${planGroups.planId}, 'groupId', ${planGroups.id}, 'day', ${planDayDiscussions.dayNumber}) end`,
        // A mention in a series session's discussion leads to that session.
        seriesSession: sql<{ seriesId: string; sessionId: string } | null>`case when ${seriesSessions.id} is null then null
          else json_build_object('seriesId', ${seriesSessions.seriesId}, 'sessionId', ${seriesSessions.id}) end`,
      })
      .from(notifications)
      .leftJoin(profiles, eq(profiles.id, notifications.mentionerId))
      .leftJoin(postComments, and(eq(notifications.type, "mention_comment"), eq(postComments.id, notifications.sourceId)))
      // A reflection mention names the reflection or a comment under it: either way the link opens the reflection.
      .leftJoin(
        reflectionComments,
        and(eq(notifications.type, "mention_reflection"), eq(reflectionComments.id, notifications.sourceId)),
      )
      .leftJoin(
        reflections,
        and(
          eq(notifications.type, "mention_reflection"),
          eq(reflections.id, sql`coalesce(${reflectionComments.reflectionId}, ${notifications.sourceId})`),
        ),
      )
      .leftJoin(planDayComments, and(eq(notifications.type, "mention_plan_day"), eq(planDayComments.id, notifications.sourceId)))
      .leftJoin(planDayDiscussions, eq(planDayDiscussions.id, planDayComments.discussionId))
      .leftJoin(planGroups, eq(planGroups.id, planDayDiscussions.groupId))
      .leftJoin(
        gatherings,
        and(inArray(notifications.type, ["gathering_scheduled", "gathering_started"]), eq(gatherings.id, notifications.sourceId)),
      )
      .leftJoin(
        seriesSessionComments,
        and(eq(notifications.type, "mention_series_session"), eq(seriesSessionComments.id, notifications.sourceId)),
      )
      .leftJoin(seriesSessions, eq(seriesSessions.id, seriesSessionComments.sessionId))
      .where(eq(notifications.userId, sql.placeholder("userId")))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(LIST_LIMIT_LITERAL)
      .prepare("notifications_list"),
  );

const unreadStatement = (db: Database) =>
  prepared(db, "notifications_unread", () =>
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, sql.placeholder("userId")), eq(notifications.read, false)))
      .prepare("notifications_unread"),
  );

export async function listNotifications(db: Database, userId: string): Promise<NotificationList> {
  const [rows, [unread]] = await Promise.all([listStatement(db).execute({ userId }), unreadStatement(db).execute({ userId })]);
  return {
    unread: unread?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      content: r.content,
      read: r.read,
      created_at: r.createdAt.toISOString(),
      mentioner: r.mentionerId ? personRef({ ...r, userId: r.mentionerId }) : null,
      link: mentionLink(r),
    })),
  };
}

/** Section 7, table writes: set read true by id (the user's own only; anything else is not found). */
export async function markNotificationRead(db: Database, options: { userId: string; notificationId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, options.notificationId), eq(notifications.userId, options.userId)))
      .returning({ id: notifications.id });
    if (!row) throw notFound("That notification");
    await publishWithin(tx, [options.userId], { type: "notifications", change: "update" });
  });
}

/** Section 7: set read true for all of the user's unread. */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    if (rows.length > 0) await publishWithin(tx, [userId], { type: "notifications", change: "update" });
    return { updated: rows.length };
  });
}

/** Section 7: delete by id (the user's own only). */
export async function deleteNotification(db: Database, options: { userId: string; notificationId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(notifications)
      .where(and(eq(notifications.id, options.notificationId), eq(notifications.userId, options.userId)))
      .returning({ id: notifications.id });
    if (!row) throw notFound("That notification");
    await publishWithin(tx, [options.userId], { type: "notifications", change: "delete" });
  });
}

/**
 * Notifies everyone a text @mentions: one notification per person per item (a unique index makes a second
 * attempt a no-op), never the writer himself, at most MENTIONS_PER_ITEM_MAX people, and only people in `audience`
 * when given (a flock's reflection reaches only that flock). After an edit, pass the text as it was in
 * `previousText`: only names the edit adds are notified, so a notification its reader deleted does not come back
 * because the author fixed a typo. Run it inside the writer's transaction: the notified users' browsers are told when
 * it commits.
 */
export async function notifyMentions(
  db: Executor,
  options: {
    mentionerId: string;
    type: NotificationType;
    sourceId: string;
    text: string;
    previousText?: string;
    audience?: string[];
  },
): Promise<void> {
  const before = new Set(
    options.previousText === undefined ? [] : extractMentions(options.previousText).slice(0, MENTIONS_PER_ITEM_MAX),
  );
  const usernames = extractMentions(options.text)
    .slice(0, MENTIONS_PER_ITEM_MAX)
    .filter((name) => !before.has(name));
  if (usernames.length === 0) return;
  const conditions = [inArray(sql<string>`lower(${profiles.username})`, usernames), ne(profiles.id, options.mentionerId)];
  if (options.audience) {
    if (options.audience.length === 0) return;
    conditions.push(inArray(profiles.id, options.audience));
  }
  const people = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(...conditions));
  if (people.length === 0) return;
  const content = mentionExcerpt(options.text);
  const inserted = await db
    .insert(notifications)
    .values(
      people.map((p) => ({
        userId: p.id,
        mentionerId: options.mentionerId,
        type: options.type,
        content,
        sourceId: options.sourceId,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: notifications.userId });
  await publishWithin(
    db,
    inserted.map((r) => r.userId),
    { type: "notifications", change: "insert" },
  );
}

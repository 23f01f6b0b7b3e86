import { and, eq, sql, type SQL } from "drizzle-orm";
import { REFLECTION_PAGE_SIZE, type Page, type Reflection } from "@shepherd/shared";
import { schema, type Database, type Executor } from "../../db/client";
import { afterCursor, cursorText, pageOf } from "../../db/page-cursor";
import { AppError, notFound } from "../../errors";
import { authorship, visibleTo, type AuthoredRow } from "../community/comments";
import { activeMemberIds, requireMembership, touchFlock } from "../community/membership";
import { ownDevotional } from "../devotional/service";
import { notifyMentions } from "../notifications/service";
import { personColumns } from "../profiles/people";

/**
 * A flock's reflections: what a brother shares with his flock, often answering the day's devotional. Only members see
 * them; their comments are a community thread (community/threads.ts).
 */

const { reflections, profiles } = schema;

const INVALID_CURSOR = "The page cursor is not valid. Start again from the top of the feed.";

const reflectionColumns = {
  id: reflections.id,
  flockId: reflections.flockId,
  body: reflections.body,
  prompt: reflections.prompt,
  devotionalTitle: reflections.devotionalTitle,
  commentCount: reflections.commentCount,
  createdAt: reflections.createdAt,
  updatedAt: reflections.updatedAt,
  hiddenAt: reflections.hiddenAt,
  cursorAt: cursorText(reflections.createdAt),
  userId: reflections.userId,
  ...personColumns,
};

type ReflectionRow = AuthoredRow & {
  id: string;
  flockId: string;
  body: string;
  prompt: string | null;
  devotionalTitle: string | null;
  commentCount: number;
};

function toReflection(row: ReflectionRow, viewerId: string): Reflection {
  return {
    id: row.id,
    flock_id: row.flockId,
    body: row.body,
    prompt: row.prompt,
    devotional_title: row.devotionalTitle,
    comment_count: row.commentCount,
    ...authorship(row, viewerId),
  };
}

export async function listReflections(
  db: Database,
  options: { flockId: string; userId: string; isAdmin?: boolean; before?: string },
): Promise<Page<Reflection>> {
  await requireMembership(db, options);
  const conditions: SQL[] = [eq(reflections.flockId, options.flockId)];
  const visible = visibleTo(reflections, { id: options.userId, isAdmin: options.isAdmin });
  if (visible) conditions.push(visible);
  if (options.before) conditions.push(afterCursor(options.before, reflections, INVALID_CURSOR));
  const rows = await db
    .select(reflectionColumns)
    .from(reflections)
    .innerJoin(profiles, eq(profiles.id, reflections.userId))
    .where(and(...conditions))
    .orderBy(sql`${reflections.createdAt} desc, ${reflections.id} desc`)
    .limit(REFLECTION_PAGE_SIZE + 1);
  const page = pageOf(rows, REFLECTION_PAGE_SIZE);
  return { items: page.rows.map((r) => toReflection(r, options.userId)), next_cursor: page.next };
}

/** One reflection, for members of its flock only (404 / 403 otherwise): a notification's link opens it. */
export async function getReflection(
  db: Database,
  options: { reflectionId: string; userId: string; isAdmin?: boolean },
): Promise<Reflection> {
  const [row] = await db
    .select(reflectionColumns)
    .from(reflections)
    .innerJoin(profiles, eq(profiles.id, reflections.userId))
    .where(
      and(eq(reflections.id, options.reflectionId), visibleTo(reflections, { id: options.userId, isAdmin: options.isAdmin })),
    );
  if (!row) throw notFound("That reflection");
  await requireMembership(db, { flockId: row.flockId, userId: options.userId });
  return toReflection(row, options.userId);
}

/** A reflection shared with the flock; @mentions notify only members of this flock. */
export async function createReflection(
  db: Database,
  options: { flockId: string; userId: string; body: string; prompt?: string; devotionalId?: string },
): Promise<Reflection> {
  const id = await db.transaction(async (tx) => {
    await requireMembership(tx, options);
    const devotional = options.devotionalId ? await ownDevotional(tx, options.userId, options.devotionalId) : null;
    const [row] = await tx
      .insert(reflections)
      .values({
        flockId: options.flockId,
        userId: options.userId,
        body: options.body,
        prompt: options.prompt || null,
        devotionalId: devotional?.id ?? null,
        devotionalTitle: devotional?.title ?? null,
      })
      .returning({ id: reflections.id });
    await touchFlock(tx, options.flockId);
    await notifyMentions(tx, {
      mentionerId: options.userId,
      type: "mention_reflection",
      sourceId: row!.id,
      text: options.body,
      audience: await activeMemberIds(tx, options.flockId),
    });
    return row!.id;
  });
  return getReflection(db, { reflectionId: id, userId: options.userId });
}

/** The author's own reflection, in a flock he belongs to: its row, or 404 / 403. */
async function ownReflection(db: Executor, options: { reflectionId: string; userId: string }) {
  const [row] = await db
    .select({ userId: reflections.userId, flockId: reflections.flockId, body: reflections.body })
    .from(reflections)
    .where(eq(reflections.id, options.reflectionId));
  if (!row) throw notFound("That reflection");
  await requireMembership(db, { flockId: row.flockId, userId: options.userId });
  if (row.userId !== options.userId) throw new AppError("FORBIDDEN", "Only the person who wrote this reflection can change it.");
  return row;
}

export async function updateReflection(
  db: Database,
  options: { reflectionId: string; userId: string; body: string },
): Promise<Reflection> {
  await db.transaction(async (tx) => {
    const { flockId, body: previousText } = await ownReflection(tx, options);
    await tx
      .update(reflections)
      .set({ body: options.body, updatedAt: new Date() })
      .where(eq(reflections.id, options.reflectionId));
    await notifyMentions(tx, {
      mentionerId: options.userId,
      type: "mention_reflection",
      sourceId: options.reflectionId,
      text: options.body,
      previousText,
      audience: await activeMemberIds(tx, flockId),
    });
  });
  return getReflection(db, options);
}

export async function deleteReflection(db: Database, options: { reflectionId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await ownReflection(tx, options);
    await tx.delete(reflections).where(eq(reflections.id, options.reflectionId));
  });
}

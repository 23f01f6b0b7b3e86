import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import {
  FEED_PAGE_SIZE,
  type Comment,
  type Page,
  type PersonRef,
  type Post,
  type PostInput,
  type PostKind,
  type ReactionKind,
  type ReportTarget,
} from "@shepherd/shared";
import type { Database } from "../../db/client";
import { prepared, schema } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { notifyMentions } from "../notifications/service";

const { posts, postComments, postReactions, profiles, contentReports, reflections, reflectionComments } = schema;

/** A page boundary: the last row's created_at (as PostgreSQL's text, keeping microseconds) and id. */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");
}

/** PostgreSQL's text form of a timestamptz, e.g. "2026-11-22 08:09:01.123456+00". */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (
      typeof createdAt === "string" &&
      typeof id === "string" &&
      TIMESTAMP_TEXT.test(createdAt) &&
      /^[0-9a-f-]{36}$/i.test(id)
    ) {
      return { createdAt, id };
    }
  } catch {
    // fall through to the message below
  }
  throw new AppError("BAD_REQUEST", "The page cursor is not valid. Start again from the top of the feed.");
}

export function personRef(row: {
  userId: string;
  displayName: string | null;
  username: string | null;
  avatarUrl: string | null;
}): PersonRef {
  return { id: row.userId, display_name: row.displayName, username: row.username, avatar_url: row.avatarUrl };
}

const postColumns = (viewerId: string | ReturnType<typeof sql.placeholder>) => ({
  id: posts.id,
  kind: posts.kind,
  body: posts.body,
  scriptureRef: posts.scriptureRef,
  imageUrl: posts.imageUrl,
  commentCount: posts.commentCount,
  prayingCount: posts.prayingCount,
  encourageCount: posts.encourageCount,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  cursorAt: sql<string>`${posts.createdAt}::text`,
  userId: posts.userId,
  displayName: profiles.displayName,
  username: profiles.username,
  avatarUrl: profiles.avatarUrl,
  myReactions: sql<
    string[]
  >`array(select ${postReactions.kind} from ${postReactions} where ${postReactions.postId} = ${posts.id} and ${postReactions.userId} = ${viewerId})`,
});

type PostRow = {
  id: string;
  kind: string;
  body: string;
  scriptureRef: string | null;
  imageUrl: string | null;
  commentCount: number;
  prayingCount: number;
  encourageCount: number;
  createdAt: Date;
  updatedAt: Date;
  userId: string;
  displayName: string | null;
  username: string | null;
  avatarUrl: string | null;
  myReactions: string[];
};

function toPost(row: PostRow, viewerId: string): Post {
  return {
    id: row.id,
    kind: row.kind as PostKind,
    author: personRef(row),
    body: row.body,
    scripture_ref: row.scriptureRef,
    image_url: row.imageUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    edited: row.updatedAt.getTime() - row.createdAt.getTime() > 1000,
    comment_count: row.commentCount,
    reactions: { praying: row.prayingCount, encourage: row.encourageCount },
    my_reactions: row.myReactions as ReactionKind[],
    mine: row.userId === viewerId,
  };
}

/**
 * The page size plus one, written into the prepared statement's SQL rather than sent as a bind parameter: with
 * `LIMIT $2` PostgreSQL's generic plan looks costlier than the custom ones, so it planned the query afresh on every
 * run, which cost more than running it (about 110 of the statement's 210 µs). Drizzle types `limit()` as a number or
 * placeholder but writes an sql`` chunk as it is.
 */
const PAGE_LIMIT_LITERAL = sql.raw(String(FEED_PAGE_SIZE + 1)) as unknown as number;

/** The Pasture, newest first, FEED_PAGE_SIZE at a time; `author` narrows it to one person's posts (his profile). */
export async function listPosts(
  db: Database,
  options: { viewerId: string; before?: string; author?: string; kind?: PostKind },
): Promise<Page<Post>> {
  const conditions: SQL[] = [];
  if (options.author) conditions.push(eq(posts.userId, options.author));
  if (options.kind) conditions.push(eq(posts.kind, options.kind));
  if (options.before) {
    const { createdAt, id } = decodeCursor(options.before);
    conditions.push(sql`(${posts.createdAt}, ${posts.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
  }
  // The top of the whole feed is what everyone opens: a prepared statement. Filtered and later pages are built here.
  const rows = conditions.length
    ? await db
        .select(postColumns(options.viewerId))
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.userId))
        .where(and(...conditions))
        .orderBy(sql`${posts.createdAt} desc, ${posts.id} desc`)
        .limit(FEED_PAGE_SIZE + 1)
    : await prepared(db, "pasture_feed_top", () =>
        db
          .select(postColumns(sql.placeholder("viewerId")))
          .from(posts)
          .innerJoin(profiles, eq(profiles.id, posts.userId))
          .orderBy(sql`${posts.createdAt} desc, ${posts.id} desc`)
          .limit(PAGE_LIMIT_LITERAL)
          .prepare("pasture_feed_top"),
      ).execute({ viewerId: options.viewerId });
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toPost(r, options.viewerId)),
    next_cursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}

export async function getPost(db: Database, options: { viewerId: string; postId: string }): Promise<Post> {
  const [row] = await db
    .select(postColumns(options.viewerId))
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .where(eq(posts.id, options.postId));
  if (!row) throw notFound("That post");
  return toPost(row, options.viewerId);
}

/** Only pictures this person uploaded through POST /api/pasture/images may be attached. */
function checkImageUrl(url: string | null | undefined, userId: string): string | null {
  if (!url) return null;
  const pattern = new RegExp(`^/api/files/pasture/${userId}/[\\w-]+\\.(png|jpg|webp|gif)$`);
  if (!pattern.test(url)) throw new AppError("BAD_REQUEST", "Attach a picture you uploaded to The Pasture.");
  return url;
}

/** A new post or prayer request; everyone it @mentions is notified. Returns the post and who was notified. */
export async function createPost(
  db: Database,
  options: { userId: string; input: PostInput },
): Promise<{ post: Post; notified: string[] }> {
  const imageUrl = checkImageUrl(options.input.image_url, options.userId);
  const { id, notified } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({
        userId: options.userId,
        kind: options.input.kind,
        body: options.input.body,
        scriptureRef: options.input.scripture_ref ?? null,
        imageUrl,
      })
      .returning({ id: posts.id });
    const notified = await notifyMentions(tx, {
      mentionerId: options.userId,
      type: "mention_post",
      sourceId: row!.id,
      text: options.input.body,
    });
    return { id: row!.id, notified };
  });
  return { post: await getPost(db, { viewerId: options.userId, postId: id }), notified };
}

/** Only the author edits; people newly @mentioned by the edit are notified (earlier ones are not again). */
export async function updatePost(
  db: Database,
  options: { userId: string; postId: string; changes: { body?: string; scripture_ref?: string | null } },
): Promise<{ post: Post; notified: string[] }> {
  const { changes } = options;
  const notified = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ body: posts.body })
      .from(posts)
      .where(and(eq(posts.id, options.postId), eq(posts.userId, options.userId)))
      .for("update");
    if (!before) throw await ownershipError(tx, posts, options.postId, "post");
    const values: Partial<typeof posts.$inferInsert> = { updatedAt: new Date() };
    if (changes.body !== undefined) values.body = changes.body;
    if (changes.scripture_ref !== undefined) values.scriptureRef = changes.scripture_ref;
    const [row] = await tx
      .update(posts)
      .set(values)
      .where(eq(posts.id, options.postId))
      .returning({ id: posts.id, body: posts.body });
    return notifyMentions(tx, {
      mentionerId: options.userId,
      type: "mention_post",
      sourceId: row!.id,
      text: row!.body,
      previousText: before.body,
    });
  });
  return { post: await getPost(db, { viewerId: options.userId, postId: options.postId }), notified };
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Not found when the item does not exist; forbidden when it is someone else's. */
async function ownershipError(
  db: Database | Tx,
  table: typeof posts | typeof postComments,
  id: string,
  what: string,
): Promise<AppError> {
  const [exists] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return exists ? new AppError("FORBIDDEN", `Only the person who wrote this ${what} can change it.`) : notFound(`That ${what}`);
}

/** The author deletes his post (an admin may delete any); its comments, reactions and picture go with it. */
export async function deletePost(
  db: Database,
  options: { userId: string; postId: string; isAdmin: boolean },
): Promise<{ imageUrl: string | null }> {
  const where = options.isAdmin
    ? eq(posts.id, options.postId)
    : and(eq(posts.id, options.postId), eq(posts.userId, options.userId));
  const [row] = await db.delete(posts).where(where).returning({ imageUrl: posts.imageUrl });
  if (!row) throw await ownershipError(db, posts, options.postId, "post");
  return { imageUrl: row.imageUrl };
}

const REACTION_COUNTER = { praying: posts.prayingCount, encourage: posts.encourageCount } as const;

/** Adds or removes my "praying" or "encourage" reaction; the post's counter moves in the same transaction. */
export async function setReaction(
  db: Database,
  options: { userId: string; postId: string; kind: ReactionKind; on: boolean },
): Promise<Post> {
  const counter = REACTION_COUNTER[options.kind];
  await db.transaction(async (tx) => {
    const [post] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, options.postId)).for("update");
    if (!post) throw notFound("That post");
    const changed = options.on
      ? await tx
          .insert(postReactions)
          .values({ postId: options.postId, userId: options.userId, kind: options.kind })
          .onConflictDoNothing()
          .returning({ kind: postReactions.kind })
      : await tx
          .delete(postReactions)
          .where(
            and(
              eq(postReactions.postId, options.postId),
              eq(postReactions.userId, options.userId),
              eq(postReactions.kind, options.kind),
            ),
          )
          .returning({ kind: postReactions.kind });
    if (changed.length > 0) {
      await tx
        .update(posts)
        .set({ [options.kind === "praying" ? "prayingCount" : "encourageCount"]: sql`${counter} + ${options.on ? 1 : -1}` })
        .where(eq(posts.id, options.postId));
    }
  });
  return getPost(db, { viewerId: options.userId, postId: options.postId });
}

function toComment(
  row: {
    id: string;
    body: string;
    createdAt: Date;
    updatedAt: Date;
    userId: string;
    displayName: string | null;
    username: string | null;
    avatarUrl: string | null;
  },
  viewerId: string,
): Comment {
  return {
    id: row.id,
    author: personRef(row),
    body: row.body,
    created_at: row.createdAt.toISOString(),
    edited: row.updatedAt.getTime() - row.createdAt.getTime() > 1000,
    mine: row.userId === viewerId,
  };
}

const commentColumns = {
  id: postComments.id,
  body: postComments.body,
  createdAt: postComments.createdAt,
  updatedAt: postComments.updatedAt,
  userId: postComments.userId,
  displayName: profiles.displayName,
  username: profiles.username,
  avatarUrl: profiles.avatarUrl,
};

/** A post's comments, oldest first (a conversation reads top to bottom). */
export async function listComments(db: Database, options: { viewerId: string; postId: string }): Promise<Comment[]> {
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, options.postId));
  if (!post) throw notFound("That post");
  const rows = await db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(profiles, eq(profiles.id, postComments.userId))
    .where(eq(postComments.postId, options.postId))
    .orderBy(asc(postComments.createdAt), asc(postComments.id));
  return rows.map((r) => toComment(r, options.viewerId));
}

async function getComment(db: Database, options: { viewerId: string; commentId: string }): Promise<Comment> {
  const [row] = await db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(profiles, eq(profiles.id, postComments.userId))
    .where(eq(postComments.id, options.commentId));
  if (!row) throw notFound("That comment");
  return toComment(row, options.viewerId);
}

export async function createComment(
  db: Database,
  options: { userId: string; postId: string; body: string },
): Promise<{ comment: Comment; notified: string[] }> {
  const { id, notified } = await db.transaction(async (tx) => {
    const [post] = await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, options.postId))
      .returning({ id: posts.id });
    if (!post) throw notFound("That post");
    const [row] = await tx
      .insert(postComments)
      .values({ postId: options.postId, userId: options.userId, body: options.body })
      .returning({ id: postComments.id });
    const notified = await notifyMentions(tx, {
      mentionerId: options.userId,
      type: "mention_comment",
      sourceId: row!.id,
      text: options.body,
    });
    return { id: row!.id, notified };
  });
  return { comment: await getComment(db, { viewerId: options.userId, commentId: id }), notified };
}

export async function updateComment(
  db: Database,
  options: { userId: string; commentId: string; body: string },
): Promise<{ comment: Comment; notified: string[] }> {
  const notified = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ body: postComments.body })
      .from(postComments)
      .where(and(eq(postComments.id, options.commentId), eq(postComments.userId, options.userId)))
      .for("update");
    if (!before) throw await ownershipError(tx, postComments, options.commentId, "comment");
    await tx
      .update(postComments)
      .set({ body: options.body, updatedAt: new Date() })
      .where(eq(postComments.id, options.commentId));
    return notifyMentions(tx, {
      mentionerId: options.userId,
      type: "mention_comment",
      sourceId: options.commentId,
      text: options.body,
      previousText: before.body,
    });
  });
  return { comment: await getComment(db, { viewerId: options.userId, commentId: options.commentId }), notified };
}

export async function deleteComment(
  db: Database,
  options: { userId: string; commentId: string; isAdmin: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const where = options.isAdmin
      ? eq(postComments.id, options.commentId)
      : and(eq(postComments.id, options.commentId), eq(postComments.userId, options.userId));
    const [row] = await tx.delete(postComments).where(where).returning({ postId: postComments.postId });
    if (!row) throw await ownershipError(tx, postComments, options.commentId, "comment");
    await tx
      .update(posts)
      .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
      .where(eq(posts.id, row.postId));
  });
}

/**
 * Reports a post, comment, reflection or reflection comment for the admin area, keeping the text as it was.
 * A reflection (or its comment) can be reported only by a member of its flock: others cannot see it.
 */
export async function reportContent(
  db: Database,
  options: { userId: string; targetType: ReportTarget; targetId: string; reason: string },
): Promise<{ reported: true }> {
  const target = await reportTarget(db, options.targetType, options.targetId, options.userId);
  if (!target) throw notFound(`That ${options.targetType.replace("_", " ")}`);
  if (target.authorId === options.userId) throw new AppError("BAD_REQUEST", "You cannot report what you wrote yourself.");
  await db
    .insert(contentReports)
    .values({
      reporterId: options.userId,
      targetType: options.targetType,
      targetId: options.targetId,
      excerpt: target.body,
      authorId: target.authorId,
      reason: options.reason,
    })
    .onConflictDoNothing();
  return { reported: true };
}

async function reportTarget(
  db: Database,
  type: ReportTarget,
  id: string,
  userId: string,
): Promise<{ body: string; authorId: string } | undefined> {
  switch (type) {
    case "post": {
      const [row] = await db.select({ body: posts.body, authorId: posts.userId }).from(posts).where(eq(posts.id, id));
      return row;
    }
    case "comment": {
      const [row] = await db
        .select({ body: postComments.body, authorId: postComments.userId })
        .from(postComments)
        .where(eq(postComments.id, id));
      return row;
    }
    case "reflection": {
      const [row] = await db
        .select({ body: reflections.body, authorId: reflections.userId })
        .from(reflections)
        .where(and(eq(reflections.id, id), memberOfFlock(reflections.flockId, userId)));
      return row;
    }
    case "reflection_comment": {
      const [row] = await db
        .select({ body: reflectionComments.body, authorId: reflectionComments.userId })
        .from(reflectionComments)
        .innerJoin(reflections, eq(reflections.id, reflectionComments.reflectionId))
        .where(and(eq(reflectionComments.id, id), memberOfFlock(reflections.flockId, userId)));
      return row;
    }
  }
}

/** SQL: the user is an active member of the flock in `flockId`. */
export function memberOfFlock(flockId: SQL | typeof reflections.flockId, userId: string): SQL {
  return sql`exists (select 1 from ${schema.flockMembers} m where m.flock_id = ${flockId} and m.user_id = ${userId} and m.status = 'active')`;
}

/** Mention autocomplete: up to 8 people whose username starts with the letters typed. */
export async function searchUsers(db: Database, options: { viewerId: string; q: string }): Promise<PersonRef[]> {
  const prefix = options.q.trim().replace(/^@/, "").toLowerCase();
  if (!/^[a-z0-9_]{0,30}$/.test(prefix)) return [];
  const rows = await db
    .select({
      userId: profiles.id,
      displayName: profiles.displayName,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
    })
    .from(profiles)
    .where(
      and(
        // "_" is a LIKE wildcard: escape it so "a_b" matches only "a_b...".
        sql`lower(${profiles.username}) like ${`${prefix.replace(/_/g, "\\_")}%`}`,
        sql`${profiles.id} <> ${options.viewerId}`,
      ),
    )
    .orderBy(sql`lower(${profiles.username})`)
    .limit(8);
  return rows.map(personRef);
}

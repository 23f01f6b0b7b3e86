import { and, eq, sql, type SQL } from "drizzle-orm";
import { FEED_PAGE_SIZE, type Page, type Post, type PostInput, type PostKind, type ReactionKind } from "@shepherd/shared";
import { isoTimestampSql as ISO, poolOf, schema, type Database, type Executor } from "../../db/client";
import { afterCursor, cursorText, encodePageCursor, pageOf } from "../../db/page-cursor";
import { AppError, notFound } from "../../errors";
import { storedFileUrl } from "../../providers/storage/storage";
import { authorship, visibleTo, type AuthoredRow } from "../community/comments";
import { notifyMentions } from "../notifications/service";
import { personColumns } from "../profiles/people";

/** The Pasture: posts and prayer requests, and their reactions. Comments are a community thread (community/threads.ts). */

const { posts, postReactions, profiles } = schema;

const INVALID_CURSOR = "The page cursor is not valid. Start again from the top of the feed.";

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
  hiddenAt: posts.hiddenAt,
  cursorAt: cursorText(posts.createdAt),
  userId: posts.userId,
  ...personColumns,
  myReactions: sql<
    string[]
  >`array(select ${postReactions.kind} from ${postReactions} where ${postReactions.postId} = ${posts.id} and ${postReactions.userId} = ${viewerId})`,
});

type PostRow = AuthoredRow & {
  id: string;
  kind: string;
  body: string;
  scriptureRef: string | null;
  imageUrl: string | null;
  commentCount: number;
  prayingCount: number;
  encourageCount: number;
  myReactions: string[];
};

function toPost(row: PostRow, viewerId: string): Post {
  return {
    id: row.id,
    kind: row.kind as PostKind,
    body: row.body,
    scripture_ref: row.scriptureRef,
    image_url: row.imageUrl,
    updated_at: row.updatedAt.toISOString(),
    comment_count: row.commentCount,
    reactions: { praying: row.prayingCount, encourage: row.encourageCount },
    my_reactions: row.myReactions as ReactionKind[],
    ...authorship(row, viewerId),
  };
}

/**
 * The top of the whole feed, what everyone opens, as the answer's JSON text: PostgreSQL writes each post (row_to_json
 * writes compactly, keys in the columns' order: the very bytes JSON.stringify makes of toPost's object) and the page is
 * joined from those texts, with no row mapped, no Date made and nothing stringified in JavaScript (issue 20: those were
 * half of this read's server CPU). Timestamps are written as toISOString writes them (milliseconds, truncated) and
 * `edited` compares them at that precision, as authorship() does. The page size plus one is written into the SQL rather
 * than bound: with `LIMIT $2` PostgreSQL's generic plan looks costlier than the custom ones, so it planned the query
 * afresh on every run, which cost more than running it. pasture-feed-top.test.ts holds this answer to listPosts'.
 */
const FEED_TOP = `select row_to_json(post)::text, p.created_at::text, p.id
  from posts p
  join profiles pr on pr.id = p.user_id
  cross join lateral (select p.id, p.kind, p.body, p.scripture_ref, p.image_url, ${ISO("p.updated_at")} as updated_at,
    p.comment_count,
    (select row_to_json(r) from (select p.praying_count as praying, p.encourage_count as encourage) r) as reactions,
    array(select r.kind from post_reactions r where r.post_id = p.id and r.user_id = $1) as my_reactions,
    (select row_to_json(a) from (select p.user_id as id, pr.display_name, pr.username, pr.avatar_url) a) as author,
    ${ISO("p.created_at")} as created_at,
    date_trunc('milliseconds', p.updated_at) - date_trunc('milliseconds', p.created_at) > interval '1 second' as edited,
    p.user_id = $1 as mine, p.hidden_at is not null as hidden) post
  where p.hidden_at is null or p.user_id = $1
  order by p.created_at desc, p.id desc
  limit ${FEED_PAGE_SIZE + 1}`;

/** GET /api/pasture/posts with no filter, for a member who is not an admin: the JSON text of listPosts' answer. */
export async function feedTopJson(db: Database, viewerId: string): Promise<string> {
  const { rows } = await poolOf(db).query<[string, string, string]>({
    name: "pasture_feed_top",
    text: FEED_TOP,
    values: [viewerId],
    rowMode: "array",
  });
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page[page.length - 1];
  const next = rows.length > FEED_PAGE_SIZE && last ? JSON.stringify(encodePageCursor(last[1], last[2])) : "null";
  return `{"items":[${page.map((r) => r[0]).join(",")}],"next_cursor":${next}}`;
}

/**
 * The Pasture, newest first, FEED_PAGE_SIZE at a time; `author` narrows it to one person's posts (his profile). A post
 * an admin hid shows only to its author and to admins.
 */
export async function listPosts(
  db: Database,
  options: { viewerId: string; viewerIsAdmin?: boolean; before?: string; author?: string; kind?: PostKind },
): Promise<Page<Post>> {
  const conditions: SQL[] = [];
  const visible = visibleTo(posts, { id: options.viewerId, isAdmin: options.viewerIsAdmin });
  if (options.author) conditions.push(eq(posts.userId, options.author));
  if (options.kind) conditions.push(eq(posts.kind, options.kind));
  if (options.before) conditions.push(afterCursor(options.before, posts, INVALID_CURSOR));
  const rows = await db
    .select(postColumns(options.viewerId))
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .where(and(...conditions, visible))
    .orderBy(sql`${posts.createdAt} desc, ${posts.id} desc`)
    .limit(FEED_PAGE_SIZE + 1);
  const page = pageOf(rows, FEED_PAGE_SIZE);
  return { items: page.rows.map((r) => toPost(r, options.viewerId)), next_cursor: page.next };
}

export async function getPost(
  db: Database,
  options: { viewerId: string; viewerIsAdmin?: boolean; postId: string },
): Promise<Post> {
  const visible = visibleTo(posts, { id: options.viewerId, isAdmin: options.viewerIsAdmin });
  const [row] = await db
    .select(postColumns(options.viewerId))
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .where(and(eq(posts.id, options.postId), visible));
  if (!row) throw notFound("That post");
  return toPost(row, options.viewerId);
}

/** Only pictures this person uploaded through POST /api/pasture/images may be attached. */
function checkImageUrl(url: string | null | undefined, userId: string): string | null {
  if (!url) return null;
  const pattern = new RegExp(`^${storedFileUrl(`pasture/${userId}/`)}[\\w-]+\\.(png|jpg|webp|gif)$`);
  if (!pattern.test(url)) throw new AppError("BAD_REQUEST", "Attach a picture you uploaded to The Pasture.");
  return url;
}

/** A new post or prayer request; everyone it @mentions is notified. */
export async function createPost(db: Database, options: { userId: string; input: PostInput }): Promise<Post> {
  const imageUrl = checkImageUrl(options.input.image_url, options.userId);
  const id = await db.transaction(async (tx) => {
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
    await notifyMentions(tx, { mentionerId: options.userId, type: "mention_post", sourceId: row!.id, text: options.input.body });
    return row!.id;
  });
  return getPost(db, { viewerId: options.userId, postId: id });
}

/** Only the author edits; people newly @mentioned by the edit are notified (earlier ones are not again). */
export async function updatePost(
  db: Database,
  options: { userId: string; postId: string; changes: { body?: string; scripture_ref?: string | null } },
): Promise<Post> {
  const { changes } = options;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ body: posts.body })
      .from(posts)
      .where(and(eq(posts.id, options.postId), eq(posts.userId, options.userId)))
      .for("update");
    if (!before) throw await ownershipError(tx, options.postId);
    const values: Partial<typeof posts.$inferInsert> = { updatedAt: new Date() };
    if (changes.body !== undefined) values.body = changes.body;
    if (changes.scripture_ref !== undefined) values.scriptureRef = changes.scripture_ref;
    const [row] = await tx
      .update(posts)
      .set(values)
      .where(eq(posts.id, options.postId))
      .returning({ id: posts.id, body: posts.body });
    await notifyMentions(tx, {
      mentionerId: options.userId,
      type: "mention_post",
      sourceId: row!.id,
      text: row!.body,
      previousText: before.body,
    });
  });
  return getPost(db, { viewerId: options.userId, postId: options.postId });
}

/** Not found when the post does not exist; forbidden when it is someone else's. */
async function ownershipError(db: Executor, postId: string): Promise<AppError> {
  const [exists] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
  return exists ? new AppError("FORBIDDEN", "Only the person who wrote this post can change it.") : notFound("That post");
}

/**
 * The author deletes his post; its comments, reactions and picture go with it. Admins remove others' posts through a
 * report (admin/reports), which is audited, never here.
 */
export async function deletePost(
  db: Database,
  options: { userId: string; postId: string },
): Promise<{ imageUrl: string | null }> {
  const [row] = await db
    .delete(posts)
    .where(and(eq(posts.id, options.postId), eq(posts.userId, options.userId)))
    .returning({ imageUrl: posts.imageUrl });
  if (!row) throw await ownershipError(db, options.postId);
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

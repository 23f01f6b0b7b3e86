import { eq } from "drizzle-orm";
import type { ReportTarget } from "@shepherd/shared";
import { schema } from "../../db/client";
import { notFound } from "../../errors";
import { defineCommentKind, type CommentKind } from "./comments";
import { activeMemberIds, requireMembership, touchFlock } from "./membership";

/** The comment threads of the community. A new kind of thread is one more definition here. */

const { posts, postComments, reflections, reflectionComments } = schema;

/** Comments under a Pasture post: every member sees them, and an @mention may reach anyone. */
export const postThread = defineCommentKind({
  parentName: "post",
  table: postComments,
  columns: {
    id: postComments.id,
    parentId: postComments.postId,
    userId: postComments.userId,
    body: postComments.body,
    createdAt: postComments.createdAt,
    updatedAt: postComments.updatedAt,
  },
  parent: { table: posts, id: posts.id, commentCount: posts.commentCount },
  mentionType: "mention_comment",
  reportTarget: "comment",
  async open(db, { parentId }) {
    const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, parentId));
    if (!post) throw notFound("That post");
    return {};
  },
});

/** Comments under a flock's reflection: only the flock's members see them or can be reached by a mention. */
export const reflectionThread = defineCommentKind({
  parentName: "reflection",
  table: reflectionComments,
  columns: {
    id: reflectionComments.id,
    parentId: reflectionComments.reflectionId,
    userId: reflectionComments.userId,
    body: reflectionComments.body,
    createdAt: reflectionComments.createdAt,
    updatedAt: reflectionComments.updatedAt,
  },
  parent: { table: reflections, id: reflections.id, commentCount: reflections.commentCount },
  mentionType: "mention_reflection",
  reportTarget: "reflection_comment",
  async open(db, { parentId, userId }) {
    const [reflection] = await db.select({ flockId: reflections.flockId }).from(reflections).where(eq(reflections.id, parentId));
    if (!reflection) throw notFound("That reflection");
    const { flockId } = reflection;
    await requireMembership(db, { flockId, userId });
    return { audience: await activeMemberIds(db, flockId), afterComment: (tx) => touchFlock(tx, flockId) };
  },
});

const THREADS: CommentKind[] = [postThread, reflectionThread];

/** The thread whose comments a report of this type is about, if it is a comment type. */
export const threadReportedAs = (target: ReportTarget): CommentKind | undefined =>
  THREADS.find((kind) => kind.reportTarget === target);

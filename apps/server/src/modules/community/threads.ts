import { and, eq } from "drizzle-orm";
import { isPremium, sessionOpen, type ReportTarget } from "@shepherd/shared";
import { schema, type Database } from "../../db/client";
import { notFound } from "../../errors";
import { defineCommentKind, visibleTo, type CommentKind } from "./comments";
import { getSubscriptionRow } from "../subscription/service";
import { activeMemberIds, requireMembership, touchFlock } from "./membership";

/** The comment threads of the community. A new kind of thread is one more definition here. */

const {
  posts,
  postComments,
  reflections,
  reflectionComments,
  planDayDiscussions,
  planDayComments,
  planGroups,
  planGroupMembers,
  series,
  seriesSessions,
  seriesSessionComments,
} = schema;

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
    hiddenAt: postComments.hiddenAt,
  },
  parent: { table: posts, id: posts.id, commentCount: posts.commentCount },
  mentionType: "mention_comment",
  reportTarget: "comment",
  async open(db, { parentId, userId, isAdmin }) {
    // A hidden post's thread is hidden with it (visibleTo): to others it does not exist.
    const [post] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, parentId), visibleTo(posts, { id: userId, isAdmin })));
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
    hiddenAt: reflectionComments.hiddenAt,
  },
  parent: { table: reflections, id: reflections.id, commentCount: reflections.commentCount },
  mentionType: "mention_reflection",
  reportTarget: "reflection_comment",
  async open(db, { parentId, userId, isAdmin }) {
    const [reflection] = await db
      .select({ flockId: reflections.flockId })
      .from(reflections)
      .where(and(eq(reflections.id, parentId), visibleTo(reflections, { id: userId, isAdmin })));
    if (!reflection) throw notFound("That reflection");
    const { flockId } = reflection;
    await requireMembership(db, { flockId, userId });
    return { audience: await activeMemberIds(db, flockId), afterComment: (tx) => touchFlock(tx, flockId) };
  },
});

/**
 * A day's discussion in a plan followed with the flock: only the group's members who are still in the flock see it,
 * and a mention reaches only them.
 */
export const planDayThread = defineCommentKind({
  parentName: "discussion",
  table: planDayComments,
  columns: {
    id: planDayComments.id,
    parentId: planDayComments.discussionId,
    userId: planDayComments.userId,
    body: planDayComments.body,
    createdAt: planDayComments.createdAt,
    updatedAt: planDayComments.updatedAt,
    hiddenAt: planDayComments.hiddenAt,
  },
  parent: { table: planDayDiscussions, id: planDayDiscussions.id, commentCount: planDayDiscussions.commentCount },
  mentionType: "mention_plan_day",
  reportTarget: "plan_day_comment",
  async open(db, { parentId, userId }) {
    const [discussion] = await db
      .select({ groupId: planGroups.id, flockId: planGroups.flockId })
      .from(planDayDiscussions)
      .innerJoin(planGroups, eq(planGroups.id, planDayDiscussions.groupId))
      .where(eq(planDayDiscussions.id, parentId));
    if (!discussion) throw notFound("That discussion");
    const { groupId, flockId } = discussion;
    await requireMembership(db, { flockId, userId }).catch(() => {
      throw notFound("That discussion");
    });
    const members = await db
      .select({ userId: planGroupMembers.userId })
      .from(planGroupMembers)
      .where(eq(planGroupMembers.groupId, groupId));
    if (!members.some((m) => m.userId === userId)) throw notFound("That discussion");
    return { audience: members.map((m) => m.userId), afterComment: (tx) => touchFlock(tx, flockId) };
  },
});

/**
 * A series session's discussion (docs/series.md): whoever may see the series and read the session (sessionOpen: a free
 * member, its first session) sees it; in a member's own series a mention reaches only its owner and, when it is shared,
 * the flock's members.
 */
export const seriesSessionThread = defineCommentKind({
  parentName: "session",
  table: seriesSessionComments,
  columns: {
    id: seriesSessionComments.id,
    parentId: seriesSessionComments.sessionId,
    userId: seriesSessionComments.userId,
    body: seriesSessionComments.body,
    createdAt: seriesSessionComments.createdAt,
    updatedAt: seriesSessionComments.updatedAt,
    hiddenAt: seriesSessionComments.hiddenAt,
  },
  parent: { table: seriesSessions, id: seriesSessions.id, commentCount: seriesSessions.commentCount },
  mentionType: "mention_series_session",
  reportTarget: "series_session_comment",
  async open(db, { parentId, userId }) {
    const [row] = await db
      .select({ position: seriesSessions.position, source: series.source, ownerId: series.ownerId, flockId: series.flockId })
      .from(seriesSessions)
      .innerJoin(series, eq(series.id, seriesSessions.seriesId))
      .where(eq(seriesSessions.id, parentId));
    if (!row) throw notFound("That session");
    const owner = row.ownerId === userId;
    if (row.source !== "starter" && !owner) {
      if (!row.flockId) throw notFound("That session");
      await requireMembership(db, { flockId: row.flockId, userId }).catch(() => {
        throw notFound("That session");
      });
    }
    const premium = isPremium(await getSubscriptionRow(db as Database, userId), new Date());
    if (!sessionOpen({ position: row.position, premium, owner })) throw notFound("That session");
    if (row.source === "starter") return {};
    const audience = row.flockId ? await activeMemberIds(db, row.flockId) : [];
    return { audience: [...new Set([row.ownerId!, ...audience])] };
  },
});

const THREADS: CommentKind[] = [postThread, reflectionThread, planDayThread, seriesSessionThread];

/** The thread whose comments a report of this type is about, if it is a comment type. */
export const threadReportedAs = (target: ReportTarget): CommentKind | undefined =>
  THREADS.find((kind) => kind.reportTarget === target);

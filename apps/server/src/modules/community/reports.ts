import { and, desc, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ContentReport, ReportTarget } from "@shepherd/shared";
import { schema, type Database, type Transaction } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { commentForReport, removeComment } from "./comments";
import { memberOfFlock } from "./membership";
import { threadReportedAs } from "./threads";

/**
 * Reports: a member flags a post, a reflection or a comment for the admin area, which dismisses the report or removes
 * what was reported. The reported text is kept as it was, so a later edit or delete does not hide it.
 */

const { contentReports, profiles, posts, reflections, users } = schema;

/** The table a report's target lives in, with the columns hiding needs (posts, reflections, or a thread's comments). */
export function reportedTable(type: ReportTarget): { table: PgTable; id: PgColumn; userId: PgColumn; hiddenAt: PgColumn } {
  const thread = threadReportedAs(type);
  if (thread) return { table: thread.table, ...thread.columns };
  if (type === "post") return { table: posts, id: posts.id, userId: posts.userId, hiddenAt: posts.hiddenAt };
  return { table: reflections, id: reflections.id, userId: reflections.userId, hiddenAt: reflections.hiddenAt };
}

/** Whether each reported item is hidden now ("type/id" -> hidden), leaving out items that are gone. */
async function hiddenStates(db: Database, targets: Array<{ type: ReportTarget; id: string }>): Promise<Map<string, boolean>> {
  const states = new Map<string, boolean>();
  const types = [...new Set(targets.map((t) => t.type))];
  await Promise.all(
    types.map(async (type) => {
      const ids = targets.filter((t) => t.type === type).map((t) => t.id);
      const target = reportedTable(type);
      const rows = (await db
        .select({ id: target.id, hiddenAt: target.hiddenAt })
        .from(target.table)
        .where(inArray(target.id, ids))) as Array<{ id: string; hiddenAt: Date | null }>;
      for (const row of rows) states.set(`${type}/${row.id}`, row.hiddenAt !== null);
    }),
  );
  return states;
}

/** What was reported, as `userId` can see it: a reflection (or its comment) only by a member of its flock. */
async function reportTarget(
  db: Database,
  type: ReportTarget,
  id: string,
  userId: string,
): Promise<{ body: string; authorId: string } | undefined> {
  const thread = threadReportedAs(type);
  if (thread) return commentForReport(db, thread, { commentId: id, userId });
  if (type === "post") {
    const [row] = await db.select({ body: posts.body, authorId: posts.userId }).from(posts).where(eq(posts.id, id));
    return row;
  }
  const [row] = await db
    .select({ body: reflections.body, authorId: reflections.userId })
    .from(reflections)
    .where(and(eq(reflections.id, id), memberOfFlock(reflections.flockId, userId)));
  return row;
}

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

/** The admin Reports page: what members reported, newest first, with who wrote and who reported it. */
export async function listReports(db: Database, options: { status: "open" | "resolved" }): Promise<ContentReport[]> {
  const rows = await db
    .select({
      id: contentReports.id,
      targetType: contentReports.targetType,
      targetId: contentReports.targetId,
      excerpt: contentReports.excerpt,
      reason: contentReports.reason,
      status: contentReports.status,
      createdAt: contentReports.createdAt,
      authorId: contentReports.authorId,
      reporterId: contentReports.reporterId,
    })
    .from(contentReports)
    .where(eq(contentReports.status, options.status))
    .orderBy(desc(contentReports.createdAt))
    .limit(200);
  const ids = [...new Set(rows.flatMap((r) => [r.authorId, r.reporterId]).filter((id): id is string => Boolean(id)))];
  const people = ids.length
    ? await db
        .select({ id: profiles.id, displayName: profiles.displayName, username: profiles.username })
        .from(profiles)
        .where(inArray(profiles.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const [hidden, banned] = await Promise.all([
    hiddenStates(
      db,
      rows.map((r) => ({ type: r.targetType as ReportTarget, id: r.targetId })),
    ),
    ids.length
      ? db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, ids), eq(users.banned, true)))
      : Promise.resolve([]),
  ]);
  const bannedIds = new Set(banned.map((b) => b.id));
  const person = (id: string | null) => {
    const p = id ? byId.get(id) : undefined;
    return p ? { id: p.id, display_name: p.displayName, username: p.username } : null;
  };
  return rows.map((r) => ({
    id: r.id,
    target_type: r.targetType as ReportTarget,
    target_id: r.targetId,
    excerpt: r.excerpt,
    reason: r.reason,
    status: r.status as ContentReport["status"],
    created_at: r.createdAt.toISOString(),
    author: person(r.authorId),
    reporter: person(r.reporterId),
    hidden: hidden.get(`${r.targetType}/${r.targetId}`) ?? null,
    author_banned: r.authorId ? bannedIds.has(r.authorId) : false,
  }));
}

/**
 * Resolves a report: dismiss keeps the content; remove deletes it (and resolves every report of that item). A removed
 * post's picture is named in `removedImageUrl`, for the caller to delete from storage once this has committed.
 */
export async function resolveReport(
  db: Database,
  options: {
    reportId: string;
    action: "dismiss" | "remove";
    /** Runs in the same transaction once the report is resolved (the admin area's audit entry). */
    within?: (tx: Transaction, report: typeof contentReports.$inferSelect) => Promise<void>;
  },
): Promise<{ resolved: true; removed: boolean; removedImageUrl: string | null }> {
  const [report] = await db.select().from(contentReports).where(eq(contentReports.id, options.reportId));
  if (!report) throw notFound("That report");
  return db.transaction(async (tx) => {
    if (options.action === "dismiss") {
      await tx.update(contentReports).set({ status: "resolved" }).where(eq(contentReports.id, report.id));
      await options.within?.(tx, report);
      return { resolved: true, removed: false, removedImageUrl: null };
    }
    const removal = await removeContent(tx, report.targetType as ReportTarget, report.targetId);
    await tx
      .update(contentReports)
      .set({ status: "resolved" })
      .where(and(eq(contentReports.targetType, report.targetType), eq(contentReports.targetId, report.targetId)));
    await options.within?.(tx, report);
    return { resolved: true, ...removal };
  });
}

/** Deletes reported content; a comment goes through its thread, so its parent's count stays right. */
async function removeContent(
  tx: Transaction,
  type: ReportTarget,
  id: string,
): Promise<{ removed: boolean; removedImageUrl: string | null }> {
  const thread = threadReportedAs(type);
  if (thread) return { removed: await removeComment(tx, thread, id), removedImageUrl: null };
  if (type === "post") {
    const [row] = await tx.delete(posts).where(eq(posts.id, id)).returning({ imageUrl: posts.imageUrl });
    return { removed: Boolean(row), removedImageUrl: row?.imageUrl ?? null };
  }
  const rows = await tx.delete(reflections).where(eq(reflections.id, id)).returning({ id: reflections.id });
  return { removed: rows.length > 0, removedImageUrl: null };
}

import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ContentReport, ReportTarget } from "@shepherd/shared";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import { notFound } from "../../errors";

const { contentReports, profiles, posts, postComments, reflections, reflectionComments } = schema;

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
  }));
}

/** Resolves a report: dismiss keeps the content; remove deletes it (and resolves every report of that item). */
export async function resolveReport(
  db: Database,
  options: { reportId: string; action: "dismiss" | "remove" },
): Promise<{ resolved: true; removed: boolean }> {
  const [report] = await db.select().from(contentReports).where(eq(contentReports.id, options.reportId));
  if (!report) throw notFound("That report");
  let removed = false;
  await db.transaction(async (tx) => {
    if (options.action === "remove") {
      removed = await removeContent(tx, report.targetType as ReportTarget, report.targetId);
      await tx
        .update(contentReports)
        .set({ status: "resolved" })
        .where(and(eq(contentReports.targetType, report.targetType), eq(contentReports.targetId, report.targetId)));
    } else {
      await tx.update(contentReports).set({ status: "resolved" }).where(eq(contentReports.id, report.id));
    }
  });
  return { resolved: true, removed };
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Deletes reported content; a comment's parent keeps its comment count right. */
async function removeContent(tx: Tx, type: ReportTarget, id: string): Promise<boolean> {
  switch (type) {
    case "post":
      return (await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id })).length > 0;
    case "reflection":
      return (await tx.delete(reflections).where(eq(reflections.id, id)).returning({ id: reflections.id })).length > 0;
    case "comment": {
      const [row] = await tx.delete(postComments).where(eq(postComments.id, id)).returning({ parent: postComments.postId });
      if (row) {
        await tx
          .update(posts)
          .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
          .where(eq(posts.id, row.parent));
      }
      return Boolean(row);
    }
    case "reflection_comment": {
      const [row] = await tx
        .delete(reflectionComments)
        .where(eq(reflectionComments.id, id))
        .returning({ parent: reflectionComments.reflectionId });
      if (row) {
        await tx
          .update(reflections)
          .set({ commentCount: sql`greatest(${reflections.commentCount} - 1, 0)` })
          .where(eq(reflections.id, row.parent));
      }
      return Boolean(row);
    }
  }
}

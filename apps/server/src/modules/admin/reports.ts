import { and, eq } from "drizzle-orm";
import type { ReportTarget } from "@shepherd/shared";
import type { SignedInUser } from "../../context";
import { schema, type Database } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { setCommentHidden } from "../community/comments";
import { reportedTable, resolveReport } from "../community/reports";
import { threadReportedAs } from "../community/threads";
import { recordAudit } from "./audit";
import { banUser } from "./users";

/**
 * Reports' admin actions: dismiss a report, remove what was reported, hide it without deleting it (only its author and
 * admins still see it), restore it, and ban its author (the Users page's ban). Each is audited.
 */

const { contentReports } = schema;

async function findReport(db: Database, reportId: string) {
  const [report] = await db.select().from(contentReports).where(eq(contentReports.id, reportId));
  if (!report) throw notFound("That report");
  return report;
}

/**
 * Hides (or restores) the reported item, with its audit entry in the same transaction. Hiding resolves every open
 * report of the item; restoring leaves the reports as they are.
 */
export async function setReportedHidden(
  db: Database,
  actor: SignedInUser,
  options: { reportId: string; hidden: boolean },
): Promise<void> {
  const report = await findReport(db, options.reportId);
  const type = report.targetType as ReportTarget;
  const target = reportedTable(type);
  const thread = threadReportedAs(type);
  await db.transaction(async (tx) => {
    // A comment goes through its thread, so its parent's count (the comments not hidden) moves with it.
    const found = thread
      ? await setCommentHidden(tx, thread, report.targetId, options.hidden)
      : (
          await tx
            .update(target.table)
            .set({ hiddenAt: options.hidden ? new Date() : null })
            .where(eq(target.id, report.targetId))
            .returning({ id: target.id })
        ).length > 0;
    if (!found) throw new AppError("CONFLICT", "What was reported is gone: there is nothing to hide or restore.");
    if (options.hidden) {
      await tx
        .update(contentReports)
        .set({ status: "resolved" })
        .where(and(eq(contentReports.targetType, report.targetType), eq(contentReports.targetId, report.targetId)));
    }
    await recordAudit(tx, {
      actor,
      action: options.hidden ? "report.hide" : "report.restore",
      targetUserId: report.authorId,
      target: describe(report),
      details: { report_id: report.id, reason: report.reason, excerpt: report.excerpt.slice(0, 200) },
    });
  });
}

const describe = (report: { targetType: string; targetId: string }) =>
  `${report.targetType.replace(/_/g, " ")} ${report.targetId}`;

/** Dismisses a report, or removes what was reported (resolving its every report), with the audit entry. */
export async function resolveReportAudited(
  db: Database,
  actor: SignedInUser,
  options: { reportId: string; action: "dismiss" | "remove" },
) {
  return resolveReport(db, {
    ...options,
    within: (tx, report) =>
      recordAudit(tx, {
        actor,
        action: options.action === "dismiss" ? "report.dismiss" : "report.remove",
        targetUserId: report.authorId,
        target: describe(report),
        details: { report_id: report.id, reason: report.reason, excerpt: report.excerpt.slice(0, 200) },
      }),
  });
}

/** Bans the reported item's author from the report: the Users page's ban (sessions end), its entry naming the report. */
export async function banReportAuthor(
  db: Database,
  actor: SignedInUser,
  options: { reportId: string; reason?: string },
): Promise<void> {
  const report = await findReport(db, options.reportId);
  if (!report.authorId) throw new AppError("CONFLICT", "Its author's account is gone: there is no one to ban.");
  await banUser(db, actor, report.authorId, options.reason || `Reported: ${report.reason}`, { report_id: report.id });
}

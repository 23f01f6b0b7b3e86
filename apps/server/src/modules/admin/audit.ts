import { desc, eq } from "drizzle-orm";
import type { AdminAuditEntry } from "@shepherd/shared";
import type { Executor } from "../../db/client";
import { schema } from "../../db/client";
import type { SignedInUser } from "../../context";

export type AuditAction =
  | "user.make_admin"
  | "user.remove_admin"
  | "user.ban"
  | "user.unban"
  | "user.reset_two_factor"
  | "user.send_password_reset"
  | "job.retry"
  | "support.reply"
  | "support.status"
  | "report.dismiss"
  | "report.remove"
  | "report.hide"
  | "report.restore"
  | "experiment.create"
  | "experiment.start"
  | "experiment.stop"
  | "image.generate";

/** Records an admin's action; call it with the transaction that does the action, so both happen or neither. */
export async function recordAudit(
  tx: Executor,
  entry: {
    actor: SignedInUser;
    action: AuditAction;
    targetUserId?: string | null;
    target: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(schema.adminAuditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    target: entry.target,
    details: entry.details ?? {},
  });
}

type AuditRow = typeof schema.adminAuditLog.$inferSelect;

export function toAuditEntry(row: AuditRow): AdminAuditEntry {
  return {
    id: row.id,
    actor_email: row.actorEmail,
    action: row.action,
    target: row.target,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}

/** The actions taken on one member, newest first. */
export async function auditForUser(db: Executor, userId: string, limit = 50): Promise<AdminAuditEntry[]> {
  const log = schema.adminAuditLog;
  const rows = await db.select().from(log).where(eq(log.targetUserId, userId)).orderBy(desc(log.createdAt)).limit(limit);
  return rows.map(toAuditEntry);
}

/** The actions taken on the job queue (the Health page), newest first. */
export async function auditForJobs(db: Executor, limit = 20): Promise<AdminAuditEntry[]> {
  const log = schema.adminAuditLog;
  const rows = await db.select().from(log).where(eq(log.action, "job.retry")).orderBy(desc(log.createdAt)).limit(limit);
  return rows.map(toAuditEntry);
}

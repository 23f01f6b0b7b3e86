import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import {
  ADMIN_EXPORT_MAX_ROWS,
  ADMIN_PAGE_SIZE,
  type AdminPage,
  type AdminSupportReply,
  type AdminSupportRow,
  type AdminSupportThread,
  type SupportStatus,
} from "@shepherd/shared";
import type { AppContext, SignedInUser } from "../../context";
import type { Database, Executor } from "../../db/client";
import { schema } from "../../db/client";
import { notFound } from "../../errors";
import { supportReplyMail } from "../../providers/mail/templates";
import { messagesOf, toSupportMessage } from "../support/service";
import { recordAudit, toAuditEntry } from "./audit";

/**
 * Admin Support: the inbox of members' requests (open: waiting for us; waiting: we answered; closed), a request's
 * thread, replies (kept in the thread and sent to the member by the mail provider) and status changes, each audited.
 */

const { supportRequests, supportMessages, users, adminAuditLog } = schema;

const messageCount = sql<number>`(select count(*)::int from ${supportMessages} where ${supportMessages.requestId} = ${supportRequests.id})`;

function requestColumns() {
  return {
    id: supportRequests.id,
    subject: supportRequests.subject,
    status: supportRequests.status,
    userId: supportRequests.userId,
    name: users.name,
    email: users.email,
    messages: messageCount,
    createdAt: supportRequests.createdAt,
    lastMessageAt: supportRequests.lastMessageAt,
  };
}

type RequestRow = {
  id: string;
  subject: string;
  status: string;
  userId: string;
  name: string;
  email: string;
  messages: number;
  createdAt: Date;
  lastMessageAt: Date;
};

const toRow = (r: RequestRow): AdminSupportRow => ({
  id: r.id,
  subject: r.subject,
  status: r.status as SupportStatus,
  user_id: r.userId,
  name: r.name,
  email: r.email,
  messages: Number(r.messages),
  created_at: r.createdAt.toISOString(),
  last_message_at: r.lastMessageAt.toISOString(),
});

/** The inbox, most recently active first; `status` narrows it (all by default). */
export async function listSupportRequests(
  db: Executor,
  options: { status: SupportStatus | "all"; page: number; all?: boolean },
): Promise<AdminPage<AdminSupportRow>> {
  const where: SQL | undefined = options.status === "all" ? undefined : eq(supportRequests.status, options.status);
  const limit = options.all ? ADMIN_EXPORT_MAX_ROWS : ADMIN_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select(requestColumns())
      .from(supportRequests)
      .innerJoin(users, eq(users.id, supportRequests.userId))
      .where(where)
      .orderBy(desc(supportRequests.lastMessageAt), desc(supportRequests.id))
      .limit(limit)
      .offset(options.all ? 0 : (options.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(supportRequests).where(where),
  ]);
  return { items: rows.map(toRow), page: options.page, page_size: limit, total: total?.n ?? 0 };
}

/** Counts by status, for the inbox's filter. */
export async function supportCounts(db: Executor): Promise<Record<SupportStatus, number>> {
  const rows = await db
    .select({ status: supportRequests.status, n: count() })
    .from(supportRequests)
    .groupBy(supportRequests.status);
  const counts: Record<SupportStatus, number> = { open: 0, waiting: 0, closed: 0 };
  for (const r of rows) if (r.status in counts) counts[r.status as SupportStatus] = r.n;
  return counts;
}

const targetOf = (id: string) => `support request ${id}`;

export async function supportThread(db: Executor, id: string): Promise<AdminSupportThread> {
  const [row] = await db
    .select(requestColumns())
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .where(eq(supportRequests.id, id));
  if (!row) throw notFound("That support request");
  const [messages, audit] = await Promise.all([
    messagesOf(db, [id]),
    db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetUserId, row.userId), eq(adminAuditLog.target, targetOf(id))))
      .orderBy(desc(adminAuditLog.createdAt))
      .limit(50),
  ]);
  return {
    request: toRow(row),
    messages: messages.map((m) => ({ ...toSupportMessage(m), admin_email: m.adminEmail, mail_error: m.mailError })),
    audit: audit.map(toAuditEntry),
  };
}

/**
 * An admin's reply: kept in the thread, the status set (waiting for the member unless he chose otherwise) and the audit
 * entry written in one transaction; then mailed to the member. A mail cannot be rolled back, so a mail that fails
 * leaves the reply in the thread (he reads it in Settings) with the error beside it, and the answer says so.
 */
export async function replyToSupport(
  ctx: AppContext,
  actor: SignedInUser,
  options: { id: string; body: string; status: SupportStatus },
): Promise<AdminSupportReply> {
  const before = await supportThread(ctx.db, options.id);
  const now = new Date();
  const messageId = await ctx.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(supportMessages)
      .values({
        requestId: options.id,
        authorId: actor.id,
        fromAdmin: true,
        adminEmail: actor.email,
        body: options.body,
        createdAt: now,
      })
      .returning({ id: supportMessages.id });
    await tx
      .update(supportRequests)
      .set({ status: options.status, lastMessageAt: now, updatedAt: now })
      .where(eq(supportRequests.id, options.id));
    await recordAudit(tx, {
      actor,
      action: "support.reply",
      targetUserId: before.request.user_id,
      target: targetOf(options.id),
      details: { subject: before.request.subject, previous_status: before.request.status, status: options.status },
    });
    return message!.id;
  });
  let mailError: string | null = null;
  try {
    const mail = supportReplyMail({
      name: before.request.name,
      subject: before.request.subject,
      reply: options.body,
      settingsUrl: `${ctx.baseUrl}/settings#support`,
    });
    await ctx.mail.send({ to: before.request.email, kind: "support_reply", ...mail });
  } catch (error) {
    mailError = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ err: error, requestId: options.id }, "support reply mail failed");
    await ctx.db.update(supportMessages).set({ mailError }).where(eq(supportMessages.id, messageId));
  }
  return { thread: await supportThread(ctx.db, options.id), mailed: mailError === null, mail_error: mailError };
}

/** Sets a request's status (open, waiting, closed), with its audit entry in the same transaction. */
export async function setSupportStatus(
  db: Database,
  actor: SignedInUser,
  options: { id: string; status: SupportStatus },
): Promise<AdminSupportThread> {
  const before = await supportThread(db, options.id);
  if (before.request.status !== options.status) {
    await db.transaction(async (tx) => {
      await tx
        .update(supportRequests)
        .set({ status: options.status, updatedAt: new Date() })
        .where(eq(supportRequests.id, options.id));
      await recordAudit(tx, {
        actor,
        action: "support.status",
        targetUserId: before.request.user_id,
        target: targetOf(options.id),
        details: { subject: before.request.subject, previous_status: before.request.status, status: options.status },
      });
    });
  }
  return supportThread(db, options.id);
}

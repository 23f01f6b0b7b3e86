import { and, asc, count, desc, eq, gte, inArray } from "drizzle-orm";
import {
  SUPPORT_MESSAGES_PER_DAY,
  SUPPORT_REQUESTS_PER_DAY,
  type SupportMessage,
  type SupportRequest,
  type SupportRequestInput,
  type SupportStatus,
} from "@shepherd/shared";
import { schema, type Database, type Executor } from "../../db/client";
import { AppError, notFound } from "../../errors";

/**
 * Support from the member's side: he opens a request ("Contact support" in Settings), reads the admins' replies there
 * and writes back. The admin inbox is modules/admin/support.ts.
 */

const { supportRequests, supportMessages, users } = schema;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The name an admin's reply is signed with, to the member. */
export const SUPPORT_SIGNATURE = "Shepherd support";

type MessageRow = typeof supportMessages.$inferSelect & { authorName: string | null };

export function toSupportMessage(row: MessageRow): SupportMessage {
  return {
    id: row.id,
    from_admin: row.fromAdmin,
    author: row.fromAdmin ? SUPPORT_SIGNATURE : (row.authorName ?? "You"),
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

/** The messages of these requests, oldest first, with each author's name. */
export async function messagesOf(db: Executor, requestIds: string[]): Promise<MessageRow[]> {
  if (requestIds.length === 0) return [];
  const rows = await db
    .select({ m: supportMessages, authorName: users.name })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(inArray(supportMessages.requestId, requestIds))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return rows.map((r) => ({ ...r.m, authorName: r.authorName }));
}

/** His requests, most recently active first, each with its whole thread. */
export async function listOwnRequests(db: Database, userId: string): Promise<SupportRequest[]> {
  const requests = await db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.userId, userId))
    .orderBy(desc(supportRequests.lastMessageAt))
    .limit(50);
  const messages = await messagesOf(
    db,
    requests.map((r) => r.id),
  );
  return requests.map((r) => ({
    id: r.id,
    subject: r.subject,
    status: r.status as SupportStatus,
    created_at: r.createdAt.toISOString(),
    last_message_at: r.lastMessageAt.toISOString(),
    messages: messages.filter((m) => m.requestId === r.id).map(toSupportMessage),
  }));
}

const tooMany = (what: string) =>
  new AppError("TOO_MANY_REQUESTS", `You have sent a lot of ${what} today. Please wait a little; we read every one.`);

/** His messages (first ones included) in the last 24 hours. */
async function messagesToday(db: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.authorId, userId),
        eq(supportMessages.fromAdmin, false),
        gte(supportMessages.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Opens a request with its first message. At most SUPPORT_REQUESTS_PER_DAY requests and SUPPORT_MESSAGES_PER_DAY
 * messages in 24 hours (checked under a lock on his user row, so parallel sends cannot pass it together).
 */
export async function openRequest(
  db: Database,
  options: { userId: string; input: SupportRequestInput; now?: Date },
): Promise<SupportRequest> {
  const now = options.now ?? new Date();
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, options.userId)).for("update");
    const [opened] = await tx
      .select({ n: count() })
      .from(supportRequests)
      .where(and(eq(supportRequests.userId, options.userId), gte(supportRequests.createdAt, new Date(now.getTime() - DAY_MS))));
    if ((opened?.n ?? 0) >= SUPPORT_REQUESTS_PER_DAY) throw tooMany("requests");
    if ((await messagesToday(tx, options.userId, now)) >= SUPPORT_MESSAGES_PER_DAY) throw tooMany("messages");
    const [request] = await tx
      .insert(supportRequests)
      .values({ userId: options.userId, subject: options.input.subject, createdAt: now, updatedAt: now, lastMessageAt: now })
      .returning({ id: supportRequests.id });
    await tx
      .insert(supportMessages)
      .values({ requestId: request!.id, authorId: options.userId, body: options.input.body, createdAt: now });
    return request!.id;
  });
  return ownRequest(db, options.userId, id);
}

async function ownRequest(db: Database, userId: string, id: string): Promise<SupportRequest> {
  const found = (await listOwnRequests(db, userId)).find((r) => r.id === id);
  if (!found) throw notFound("That support request");
  return found;
}

/** He writes back in his thread: the request is open again (waiting for an admin), even if it was closed. */
export async function addOwnMessage(
  db: Database,
  options: { userId: string; requestId: string; body: string; now?: Date },
): Promise<SupportRequest> {
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select({ id: supportRequests.id })
      .from(supportRequests)
      .where(and(eq(supportRequests.id, options.requestId), eq(supportRequests.userId, options.userId)))
      .for("update");
    if (!request) throw notFound("That support request");
    if ((await messagesToday(tx, options.userId, now)) >= SUPPORT_MESSAGES_PER_DAY) throw tooMany("messages");
    await tx
      .insert(supportMessages)
      .values({ requestId: request.id, authorId: options.userId, body: options.body, createdAt: now });
    await tx
      .update(supportRequests)
      .set({ status: "open", lastMessageAt: now, updatedAt: now })
      .where(eq(supportRequests.id, request.id));
  });
  return ownRequest(db, options.userId, options.requestId);
}

/** "Download my data": his requests and every message in them (the admins' replies too: they were written to him). */
export async function exportRequests(db: Database, userId: string) {
  const requests = await listOwnRequests(db, userId);
  return requests.map((r) => ({ ...r, messages: r.messages.map(({ id: _id, ...m }) => m) }));
}

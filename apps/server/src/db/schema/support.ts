import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { uuidPrimaryKey, ownerId, createdAt, updatedAt } from "./columns";

/**
 * Support: a member's request ("Contact support" in Settings) and its thread. status: open (waiting for an admin),
 * waiting (an admin answered, waiting for the member), closed. Deleting his account deletes his requests.
 */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    subject: text("subject").notNull(),
    status: text("status").notNull().default("open"),
    /** The latest message's time: the inbox lists the most recently active first. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("support_requests_status_last_idx").on(t.status, t.lastMessageAt),
    index("support_requests_last_idx").on(t.lastMessageAt),
    index("support_requests_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** One message of a request's thread: the member's own, or an admin's reply (sent to him by mail too). */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuidPrimaryKey(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => supportRequests.id, { onDelete: "cascade" }),
    /** Who wrote it; an admin's reply keeps his email too, so it still says who when his account is gone. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    fromAdmin: boolean("from_admin").notNull().default(false),
    adminEmail: text("admin_email"),
    body: text("body").notNull(),
    /** An admin reply whose mail could not be sent: why (the reply stays in the thread). */
    mailError: text("mail_error"),
    createdAt: createdAt(),
  },
  (t) => [index("support_messages_request_created_idx").on(t.requestId, t.createdAt)],
);

import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { uuidPrimaryKey, createdAt } from "./columns";

/**
 * What admins did: who (actor), what (action), to whom or what (target), when, and the details. Written in the same
 * transaction as the action it records; the member's admin page shows the entries about him.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuidPrimaryKey(),
    /** The admin; kept as his email too, so the entry still says who when his account is gone. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    /** The member the action was about, when it was about one. */
    targetUserId: text("target_user_id").references(() => users.id, { onDelete: "set null" }),
    /** What the action was about, in words or as an id ("job 1f2e...", "user 3a4b..."). */
    target: text("target").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_target_created_idx").on(t.targetUserId, t.createdAt),
    index("admin_audit_log_created_idx").on(t.createdAt),
  ],
);

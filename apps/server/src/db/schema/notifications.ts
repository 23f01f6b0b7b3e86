import { boolean, index, pgTable, uniqueIndex, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { uuidPrimaryKey, ownerId, createdAt } from "./columns";

/** Spec section 3: notifications (mentions). The Community area writes them. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    mentionerId: text("mentioner_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    content: text("content").notNull(),
    /** The post, comment or reflection that mentions the user: one notification per mention per item. */
    sourceId: uuid("source_id"),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
    /** Issue 18: set once one server process has dealt with its mention push (sent it, or saw a tab open). */
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("notifications_once_per_item_idx").on(t.userId, t.type, t.sourceId),
  ],
);

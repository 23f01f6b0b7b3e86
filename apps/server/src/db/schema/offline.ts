import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, ownerId } from "./columns";

/**
 * Issue 18: writes a device made offline and sends later carry a client-generated id (the Idempotency-Key header).
 * The first request with an id is done and its answer kept here; a repeat gets the same answer and changes nothing.
 * `status` is null while the first one is still being done.
 */
export const clientWrites = pgTable(
  "client_writes",
  {
    userId: ownerId(),
    key: uuid("key").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status"),
    body: jsonb("body"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("client_writes_created_idx").on(t.createdAt)],
);

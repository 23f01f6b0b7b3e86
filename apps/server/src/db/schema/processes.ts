import { bigint, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Issue 40: every live server process, from its own heartbeat (modules/admin/processes.ts): Admin Health lists them
 * all, whichever answered. A row not seen for a while is a process that is gone; it is removed, and its live
 * connections with it.
 */
export const serverProcesses = pgTable(
  "server_processes",
  {
    /** A random id the process picks at start. */
    id: text("id").primaryKey(),
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    version: text("version").notNull(),
    /** SERVER_ROLE: web, worker or all. */
    role: text("role").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    /** Resident memory at the last heartbeat. */
    memoryBytes: bigint("memory_bytes", { mode: "number" }).notNull(),
    /** Open HTTP connections (event streams and gathering sockets among them) at the last heartbeat. */
    connections: integer("connections").notNull(),
  },
  (t) => [index("server_processes_last_seen_idx").on(t.lastSeenAt)],
);

/**
 * Issue 40: the long-lived connections a member holds (event streams, gathering sockets) across every process, so a
 * per-member cap holds on any number of machines. Each row is held by the process that owns the connection.
 */
export const liveConnections = pgTable(
  "live_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "events" (the realtime stream) or "gathering" (a gathering's signaling socket). */
    kind: text("kind").notNull(),
    processId: text("process_id")
      .notNull()
      .references(() => serverProcesses.id, { onDelete: "cascade" }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("live_connections_user_idx").on(t.userId, t.kind, t.openedAt),
    index("live_connections_process_idx").on(t.processId),
  ],
);

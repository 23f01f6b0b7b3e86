import { text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * The columns most tables repeat, written once. Each call returns a new column builder; the SQL they make is the same
 * as writing them out (drizzle-kit sees no change).
 */

/** A generated UUID primary key. */
export const uuidPrimaryKey = () => uuid("id").primaryKey().defaultRandom();

/** The person a row belongs to: deleting his account deletes the row. */
export const ownerId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Set when an admin hides the row (a reported post or comment): only its author and admins still see it. */
export const hiddenAt = () => timestamp("hidden_at", { withTimezone: true });

export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

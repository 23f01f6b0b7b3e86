import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Issue 40: every file we store, as the database knows it, wherever its bytes live (the local folder or a bucket). The
 * key names the member it belongs to (`avatars/{userId}/...`), and so does `owner_id`: quotas add up his rows, account
 * deletion deletes his objects by them, and the hourly sweep finds pictures no post took. No foreign key to the
 * account: the row must outlive the account until its object is gone (account deletion removes objects, then rows).
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    key: text("key").primaryKey(),
    /** The member the file belongs to; null for shared files (a starter plan's cover). */
    ownerId: text("owner_id"),
    /** The key's first part: avatars, pasture, audio, devotionals, covers. */
    area: text("area").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    contentType: text("content_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("stored_files_owner_idx").on(t.ownerId, t.area), index("stored_files_area_created_idx").on(t.area, t.createdAt)],
);

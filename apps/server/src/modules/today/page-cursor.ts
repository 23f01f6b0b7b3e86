import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../../errors";

/**
 * Newest-first pages of the journal and the whisper archive. A page ends at its last row's (created_at, id), with
 * created_at in PostgreSQL's own text (microseconds kept): a JavaScript Date keeps only milliseconds, so a cursor
 * built from one would skip rows created in the same millisecond.
 */

/** PostgreSQL's text form of a timestamptz, e.g. "2026-11-22 08:09:01.123456+00". */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The column to select beside a row so its cursor can be made: created_at as PostgreSQL's text. */
export const cursorText = (createdAt: PgColumn) => sql<string>`${createdAt}::text`;

export function encodePageCursor(createdAtText: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAtText, id])).toString("base64url");
}

/** The rows after `cursor` (older ones), or a 400 saying to start again when the cursor is not one we made. */
export function afterCursor(cursor: string, columns: { createdAt: PgColumn; id: PgColumn }, what: string): SQL {
  let createdAt: unknown;
  let id: unknown;
  try {
    [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
  } catch {
    // reported below
  }
  if (typeof createdAt !== "string" || typeof id !== "string" || !TIMESTAMP_TEXT.test(createdAt) || !UUID.test(id)) {
    throw new AppError("BAD_REQUEST", `That page of ${what} could not be found. Start again from the newest.`);
  }
  return sql`(${columns.createdAt}, ${columns.id}) < (${createdAt}::timestamptz, ${id}::uuid)`;
}

import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../errors";

/**
 * Newest-first pages (the Pasture, a flock's reflections, the journal, the whisper archive). A page ends at its last
 * row's (created_at, id), with created_at in PostgreSQL's own text (microseconds kept): a JavaScript Date keeps only
 * milliseconds, so a cursor built from one would skip rows created in the same millisecond.
 */

/** PostgreSQL's text form of a timestamptz, e.g. "2026-11-22 08:09:01.123456+00". */
const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The column to select beside a row so its cursor can be made: created_at as PostgreSQL's text. */
export const cursorText = (createdAt: PgColumn) => sql<string>`${createdAt}::text`;

export function encodePageCursor(createdAtText: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAtText, id])).toString("base64url");
}

/** A date PostgreSQL would accept: "2026-02-30" has the right shape but is no day. */
function isRealTimestamp(text: string): boolean {
  const match = TIMESTAMP_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes = 0] = match
    .slice(1, 9)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    // PostgreSQL refuses an offset beyond 15:59 ("time zone displacement out of range").
    offsetHours <= 15 &&
    offsetMinutes < 60 &&
    year >= 1
  );
}

/**
 * The rows after `cursor` (older ones) in a newest-first list ordered by (created_at, id), or a 400 with `invalid` as
 * its message when the cursor is not one we made.
 */
export function afterCursor(cursor: string, columns: { createdAt: PgColumn; id: PgColumn }, invalid: string): SQL {
  let createdAt: unknown;
  let id: unknown;
  try {
    [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
  } catch {
    // reported below
  }
  if (typeof createdAt !== "string" || typeof id !== "string" || !isRealTimestamp(createdAt) || !UUID.test(id)) {
    throw new AppError("BAD_REQUEST", invalid);
  }
  return sql`(${columns.createdAt}, ${columns.id}) < (${createdAt}::timestamptz, ${id}::uuid)`;
}

/**
 * A page from rows fetched with `limit(size + 1)`: the first `size` rows, and the cursor of the last one when there is
 * more. Each row carries its `id` and `cursorAt` (select `cursorText(table.createdAt)` as cursorAt).
 */
export function pageOf<T extends { id: string; cursorAt: string }>(rows: T[], size: number): { rows: T[]; next: string | null } {
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > size && last ? encodePageCursor(last.cursorAt, last.id) : null };
}

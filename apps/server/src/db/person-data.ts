import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";

/**
 * What one area keeps about a person: its sections of "download my data", and what deleting his account needs beyond
 * the cascade (every user-owned row references users(id) ON DELETE CASCADE). Each area exports one of these from its
 * `person-data.ts`; `modules/account` lists them, so an area added later is exported and deleted by adding it there.
 */
export interface PersonData {
  /** Export sections by name; each answers plain JSON. */
  export: Record<string, (db: Database, userId: string) => Promise<unknown>>;
  /**
   * Runs before the account's rows are deleted (an owner's flock passes to the next brother, say). Answers the
   * addresses of stored files (/api/files/...) to delete once the rows are gone.
   */
  beforeDelete?: (db: Database, userId: string) => Promise<Array<string | null>>;
}

type OwnedTable = PgTable & { userId: PgColumn };

/**
 * The usual export section: a person's rows of one table, with the columns named as the export names them, newest
 * first when `newestFirst` is given.
 */
export function ownRows<T extends OwnedTable>(
  table: T,
  columns: Record<string, PgColumn>,
  newestFirst?: PgColumn,
): (db: Database, userId: string) => Promise<unknown> {
  return (db, userId) => {
    const query = db
      .select(columns)
      .from(table as PgTable)
      .where(eq(table.userId, userId));
    return newestFirst ? query.orderBy(desc(newestFirst)) : query;
  };
}

/**
 * The usual `beforeDelete`: the stored files (an image_url column) of the rows a person owns in one table, so they go
 * with the rows.
 */
export function ownFiles(
  table: PgTable,
  columns: { owner: PgColumn; file: PgColumn },
): (db: Database, userId: string) => Promise<Array<string | null>> {
  return async (db, userId) => {
    const rows = await db
      .select({ file: columns.file })
      .from(table)
      .where(and(eq(columns.owner, userId), isNotNull(columns.file)));
    return rows.map((r) => r.file as string | null);
  };
}

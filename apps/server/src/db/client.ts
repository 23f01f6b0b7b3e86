import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Logger } from "../logger";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;
/** The handle inside `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either: a function that takes an Executor runs its queries in the caller's transaction when given one. */
export type Executor = Database | Transaction;
export { schema };

export function createPool(connectionString: string, log: Logger, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // A dropped idle connection must not crash the process.
  pool.on("error", (error) => log.error({ err: error }, "idle database connection failed"));
  return pool;
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool, { schema });
}

/**
 * The node-postgres pool under a Database, for the few hot reads that send a named statement straight to it (rows as
 * arrays, JSON built by PostgreSQL): the Path's enrollments, the insights' days, the top of the Pasture, The Word's search.
 */
export function poolOf(db: Database): pg.Pool {
  return (db as Database & { $client: pg.Pool }).$client;
}

/** SQL for a timestamptz column as JavaScript's toISOString writes it (UTC, milliseconds truncated), for JSON built by PostgreSQL. */
export const isoTimestampSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The checked-in SQL migrations: next to the source in development, copied beside the bundle in dist. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, "migrations"),
    path.join(here, "db", "migrations"),
    path.join(here, "..", "src", "db", "migrations"),
  ];
  const found = candidates.find((c) => fs.existsSync(path.join(c, "meta", "_journal.json")));
  if (!found) throw new Error(`SQL migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsFolder() });
}

const preparedByDatabase = new WeakMap<object, Map<string, unknown>>();

/**
 * A named prepared statement, built once per database handle: Drizzle skips rebuilding the SQL and PostgreSQL parses it
 * once per connection. For the reads every request makes (the session, the profile, today's devotional). Inside a
 * transaction the statement is built for that transaction alone.
 *
 * PostgreSQL plans it once (a generic plan) only when, after five runs, that plan does not look costlier than the
 * custom plans it made for the actual values; otherwise it plans every run afresh, which for a join can cost more than
 * running it. A `LIMIT` (or `OFFSET`) sent as a bind parameter is the usual cause: write constants into the SQL
 * (see the Pasture feed's PAGE_LIMIT_LITERAL), and check a new hot statement's backend CPU per run.
 */
export function prepared<T>(db: object, name: string, build: () => T): T {
  let statements = preparedByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(name, statement);
  }
  return statement;
}

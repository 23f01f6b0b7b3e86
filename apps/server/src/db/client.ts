import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
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

/**
 * PostgreSQL cancels a statement at DATABASE_QUERY_TIMEOUT_SECONDS (the connection stays usable); the client gives up a
 * moment later, for a server that cannot answer at all (stopped, cut off), which enforces no timeout of its own.
 */
const CLIENT_TIMEOUT_GRACE_MS = 1_000;

/**
 * The pool's connections. One whose query got no answer in time may still be busy in PostgreSQL, or in a transaction
 * that a later answer would leave open: its socket is closed at once, so what was queued behind it (a transaction's
 * rollback) fails at once too and the pool drops it instead of lending it out again (pg-pool keeps a released client
 * unless it is given an error or is no longer queryable, and Drizzle's transactions release without one). It always has
 * an error listener: a lent-out connection (a transaction, the LISTEN one) that dies would otherwise crash the process.
 */
class PoolConnection extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    this.on("error", () => undefined);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has eight overloads; each passes through as it came
  override query(...args: any[]): any {
    const query = super.query as (...passed: unknown[]) => unknown;
    const callback: unknown = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        this.closeIfUnanswered(error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) result.catch((error: unknown) => this.closeIfUnanswered(error));
    return result;
  }

  private closeIfUnanswered(error: unknown) {
    if (error instanceof Error && error.message === "Query read timeout") this.connection.stream.destroy();
  }
}

export interface PoolOptions {
  max?: number;
  /** DATABASE_CONNECT_TIMEOUT_SECONDS: the longest a query waits for a connection, new or from the pool. */
  connectTimeoutMs?: number;
  /** DATABASE_QUERY_TIMEOUT_SECONDS; none for migrations and the start-up content load (bootstrap.ts). */
  queryTimeoutMs?: number;
}

export function createPool(connectionString: string, log: Logger, options: PoolOptions = {}): pg.Pool {
  const { connectTimeoutMs, queryTimeoutMs } = options;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    idleTimeoutMillis: 30_000,
    Client: PoolConnection,
    ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
    ...(queryTimeoutMs ? { statement_timeout: queryTimeoutMs, query_timeout: queryTimeoutMs + CLIENT_TIMEOUT_GRACE_MS } : {}),
  });
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

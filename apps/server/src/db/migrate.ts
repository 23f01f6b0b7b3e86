import { migrate } from "drizzle-orm/node-postgres/migrator";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { createDatabase, migrationsFolder } from "./client";

/**
 * Issue 39: the schema's version, and migrations that any number of servers can start at once.
 *
 * Drizzle records each applied migration in drizzle.__drizzle_migrations (its hash and its journal time, `created_at`)
 * and applies the journal's entries newer than the last one recorded. It takes no lock: two servers starting together
 * on a fresh database both ran 0000 and one died ("deadlock detected", or CREATE TABLE of a table the other made). So
 * the whole preparation runs under one PostgreSQL advisory lock, held on its own connection: the others wait, then find
 * nothing left to do. Drizzle also ignores migrations it does not know, so an older server on a newer database would
 * run as if nothing were wrong; `assertSchemaNotNewer` refuses that.
 */

/** The advisory lock's key (any constant of our own; "SHEPMIGR" in ASCII, as a signed 64-bit integer). */
const MIGRATION_LOCK_KEY = "6001429548263819602";

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export class SchemaVersionError extends Error {}

/** The checked-in migrations, in order (the journal drizzle-kit writes beside the SQL). */
export function journal(folder = migrationsFolder()): JournalEntry[] {
  const parsed = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return parsed.entries;
}

export interface SchemaVersion {
  /** How many migrations the database has had (0 for a database Shepherd has never run on). */
  applied: number;
  /** The journal time of the last one, which Drizzle compares with the journal's. */
  lastWhen: number | null;
}

export async function schemaVersion(client: pg.Pool | pg.PoolClient | pg.Client): Promise<SchemaVersion> {
  const exists = await client.query<{ found: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as found",
  );
  if (!exists.rows[0]?.found) return { applied: 0, lastWhen: null };
  const { rows } = await client.query<{ applied: string; last: string | null }>(
    "select count(*) as applied, max(created_at) as last from drizzle.__drizzle_migrations",
  );
  return { applied: Number(rows[0]!.applied), lastWhen: rows[0]!.last === null ? null : Number(rows[0]!.last) };
}

/** The tag of the last migration a database has had, by the journal (for messages and backups' manifests). */
export function tagAt(applied: number, entries = journal()): string | null {
  return applied > 0 ? (entries[applied - 1]?.tag ?? `migration ${applied}`) : null;
}

/** Refuses a database whose schema has migrations this code does not have (an older release started on it). */
export async function assertSchemaNotNewer(client: pg.Pool | pg.PoolClient | pg.Client, entries = journal()): Promise<void> {
  const version = await schemaVersion(client);
  const newest = entries.at(-1);
  if (version.lastWhen === null || !newest || version.lastWhen <= newest.when) return;
  throw new SchemaVersionError(
    `This database's schema is newer than this version of Shepherd: it has had ${version.applied} migrations, and this ` +
      `code knows ${entries.length} (up to ${newest.tag}). Run the newer release, or restore a backup this release wrote.`,
  );
}

/**
 * Runs `work` holding the start-up lock (every process and machine on this database takes turns): the migrations and
 * the content load (bootstrap.ts prepareDatabase), and the job queue's setup, whose queue tables deadlock when two
 * servers make them at once.
 */
export async function withMigrationLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Applies the journal's migrations, or only its first `upTo` (a restore brings a database to its backup's version, loads
 * the rows, then applies the rest). Call it under withMigrationLock.
 */
export async function applyMigrations(pool: pg.Pool, options: { upTo?: number } = {}): Promise<void> {
  const db = createDatabase(pool);
  await assertSchemaNotNewer(pool);
  const folder = migrationsFolder();
  if (options.upTo === undefined) return migrate(db, { migrationsFolder: folder });
  const entries = journal(folder);
  // Drizzle reads a folder: give it one whose journal stops at `upTo` (the SQL files are the same).
  const partial = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-migrations-"));
  try {
    fs.cpSync(folder, partial, { recursive: true });
    const journalFile = path.join(partial, "meta", "_journal.json");
    const full = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: JournalEntry[] };
    fs.writeFileSync(journalFile, JSON.stringify({ ...full, entries: entries.slice(0, options.upTo) }));
    await migrate(db, { migrationsFolder: partial });
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

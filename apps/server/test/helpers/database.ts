import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { databaseUrl, quoteIdent } from "./pg-url";

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database (connections still open are ended). */
  drop(): Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject("pgAdminUrl") });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database copied from the run's migrated template (see global-setup.ts). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `${inject("pgDatabasePrefix")}${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(inject("pgTemplate"))}`);
  let dropped = false;
  return {
    name,
    url: databaseUrl(inject("pgAdminUrl"), name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    },
  };
}

/** A new database with nothing in it (no schema: what `npm run restore` writes into). */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  const name = `${inject("pgDatabasePrefix")}empty_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE ${quoteIdent(name)}`);
  return {
    name,
    url: databaseUrl(inject("pgAdminUrl"), name),
    drop: () => admin(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  };
}

/**
 * Runs SQL as a hand-written statement would, with the triggers off (a replica's session skips them): a change no
 * notice tells of, to show what a process's notice-ended caches keep.
 */
export async function behindTheTriggers(pool: pg.Pool, sql: string, values: unknown[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SET session_replication_role = replica");
    await client.query(sql, values);
  } finally {
    await client.query("RESET session_replication_role");
    client.release();
  }
}

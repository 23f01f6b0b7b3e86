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

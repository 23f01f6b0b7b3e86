import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { prepareDatabase } from "../../src/bootstrap";
import { createDatabase, createPool } from "../../src/db/client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../src/db/embedded";
import { createJobQueue } from "../../src/jobs/queue";
import { createLogger } from "../../src/logger";
import { databaseUrl, quoteIdent } from "./pg-url";

declare module "vitest" {
  export interface ProvidedContext {
    /** A connection to the server's maintenance database, allowed to CREATE DATABASE. */
    pgAdminUrl: string;
    /** The migrated database every test file's own database is copied from. */
    pgTemplate: string;
    /** Prefix of this run's per-file databases, so teardown can drop any a crashed file left behind. */
    pgDatabasePrefix: string;
    /** Where the built server's prepared DATA_DIR is made, once, by the first test that asks (built-server.ts). */
    builtServerSeed: string;
  }
}

/**
 * The settings of a PostgreSQL whose data nobody needs after the run: commits do not wait for the disk, and nothing is
 * written twice for crash recovery. The durability tests run the built server on its own cluster, which keeps fsync on.
 * CI starts Debian's PostgreSQL 15 with the same settings (.ci/run).
 */
const THROWAWAY_CLUSTER = { fsync: "off", synchronous_commit: "off", full_page_writes: "off" };

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts ONE PostgreSQL for the whole integration run (embedded, in a fresh 0755 temp folder), or uses
 * DATABASE_URL when set; migrates a template database once. Test files clone it (helpers/database.ts).
 */
export default async function setup(project: TestProject) {
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? "warn");
  const runId = randomBytes(4).toString("hex");
  let embedded: EmbeddedPostgres | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;

  if (!adminUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-it-"));
    // mkdtemp makes 0700 folders; as root, the postgres user must be able to reach the cluster inside.
    fs.chmodSync(tempDir, 0o755);
    // A cluster for this run only, thrown away after: no commit waits for the disk (THROWAWAY_CLUSTER).
    embedded = await startEmbeddedPostgres({ dataDir: tempDir, log, settings: THROWAWAY_CLUSTER });
    adminUrl = embedded.url;
  }

  const template = `shepherd_tmpl_${runId}`;
  const prefix = `shepherd_t_${runId}_`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(template)}`));
  const pool = createPool(databaseUrl(adminUrl, template), log, { max: 2 });
  try {
    await prepareDatabase({ pool, db: createDatabase(pool), log });
  } finally {
    await pool.end();
  }
  // The job queue's own tables too, so each file's copy starts its queue without installing them.
  const jobs = createJobQueue({ connectionString: databaseUrl(adminUrl, template), log, leaseSeconds: 120 });
  await jobs.start();
  await jobs.stop();

  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", template);
  project.provide("pgDatabasePrefix", prefix);
  // A 0755 folder: as root, the postgres user must reach the seed's cluster (and its copies' clusters) inside.
  const seedParent = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-seed-"));
  fs.chmodSync(seedParent, 0o755);
  project.provide("builtServerSeed", path.join(seedParent, "data"));

  return async () => {
    try {
      await withClient(adminUrl, async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          "SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $2)",
          [template, prefix],
        );
        for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
      });
    } finally {
      await embedded?.stop();
      if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
      fs.rmSync(seedParent, { recursive: true, force: true });
    }
  };
}

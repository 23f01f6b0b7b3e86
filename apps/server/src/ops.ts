import path from "node:path";
import pg from "pg";
import { backupSource } from "./backup/schedule";
import { assertEmptyDataDir, readBackup, restoreBackup, writeBackup } from "./backup/archive";
import { openDatabase, prepareDatabase } from "./bootstrap";
import { ConfigError, loadConfig } from "./config";
import { createDatabase } from "./db/client";
import { schemaVersion, tagAt } from "./db/migrate";
import { createLogger } from "./logger";
import { copyStore } from "./providers/storage/copy";
import { configuredStore } from "./providers/storage/open";

/**
 * The operator's commands (issue 39), run beside a running server or without one:
 *   npm run migrate                 applies the migrations (and loads the shipped content), then stops
 *   npm run backup -- FILE          writes one archive of the database, the stored files and the generated secrets
 *   npm run restore -- FILE         brings an archive back into an empty DATA_DIR (or an empty DATABASE_URL database)
 *   npm run storage:copy -- --to bucket|folder
 *                                   copies every stored file from DATA_DIR/storage into S3_BUCKET, or back (issue 40)
 * With the embedded database, a running server's PostgreSQL is used as it is; otherwise it is started for the command.
 */
const USAGE = `Usage:
  npm run migrate
  npm run backup -- FILE [--with-objects]
  npm run restore -- FILE
  npm run storage:copy -- --to bucket|folder`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  // npm runs scripts from the project's root: a relative FILE means where the operator typed the command.
  const named = rest.find((arg) => !arg.startsWith("--"));
  const file = named && path.resolve(process.env.INIT_CWD ?? process.cwd(), named);
  if (command === "storage:copy") return storageCopy(rest);
  if (command !== "migrate" && command !== "backup" && command !== "restore") return fail(USAGE, 2);
  if (command !== "migrate" && !file) return fail(USAGE, 2);
  const config = loadConfig();
  const log = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);

  if (command === "restore") {
    // Everything that can be refused is refused before a database is started or a file written.
    const backup = await readBackup(file!);
    let database: Awaited<ReturnType<typeof openDatabase>>;
    try {
      assertEmptyDataDir(config.dataDir, backup.manifest);
      database = await openDatabase(config, log);
    } catch (error) {
      backup.dispose();
      throw error;
    }
    try {
      // restoreBackup removes the unpacked archive when it is done.
      const bucket = config.s3 ? configuredStore(config) : undefined;
      const manifest = await restoreBackup(backup, { databaseUrl: database.url, dataDir: config.dataDir, bucket }, log);
      const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      console.log(
        `Restored ${file!} (written ${manifest.createdAt} by Shepherd ${manifest.appVersion}): ` +
          `${rows} rows in ${manifest.tables.length} tables, ${manifest.storage.files} stored files, into ` +
          `${config.databaseUrl ? "the DATABASE_URL database" : database.cluster?.path} and ` +
          `${bucket ? `the bucket ${config.s3!.bucket}` : config.dataDir}.`,
      );
      if (manifest.storage.kind === "s3" && !manifest.storage.included) {
        console.log(
          `  The stored files were not in this archive: they are in the bucket ${manifest.storage.bucket}. Set S3_BUCKET (and its endpoint and keys) to it.`,
        );
      }
      for (const secret of manifest.secrets.filter((s) => !s.included && s.note?.startsWith("set in the environment"))) {
        console.log(`  ${secret.file} was set in the environment when this backup was made: set it the same way here.`);
      }
    } finally {
      await database.stop();
    }
    return;
  }

  const database = await openDatabase(config, log, { shareRunning: true });
  try {
    if (command === "migrate") {
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      try {
        const before = await schemaVersion(pool);
        await prepareDatabase({ pool, db: createDatabase(pool), log });
        const after = await schemaVersion(pool);
        console.log(
          after.applied === before.applied
            ? `The database is up to date (migration ${after.applied}, ${tagAt(after.applied)}).`
            : `Applied ${after.applied - before.applied} migrations: the database is at ${tagAt(after.applied)}.`,
        );
      } finally {
        await pool.end();
      }
      return;
    }
    const withObjects = rest.includes("--with-objects");
    if (withObjects && !config.s3) {
      console.log("This server keeps its files in DATA_DIR/storage, and every archive holds them already.");
    }
    const { manifest, bytes } = await writeBackup(backupSource(config, database, { withObjects }), file!, log);
    console.log(
      `Backup written: ${file!} (${(bytes / 1024 / 1024).toFixed(1)} MB; schema ${manifest.schema.tag}, ` +
        `PostgreSQL ${manifest.postgres.major}, ${manifest.storage.files} stored files).`,
    );
    if (manifest.database.clusterNote) console.log(`  ${manifest.database.clusterNote}`);
    if (manifest.storage.kind === "s3" && !manifest.storage.included) {
      console.log(
        `  The stored files stay in the bucket ${manifest.storage.bucket} (keep it, with versioning on); add --with-objects to put them in the archive too.`,
      );
    }
  } finally {
    await database.stop();
  }
}

/** Copies the stored files between DATA_DIR/storage and S3_BUCKET (providers/storage/copy.ts). */
async function storageCopy(args: string[]) {
  const to = args[args.indexOf("--to") + 1];
  if (!args.includes("--to") || (to !== "bucket" && to !== "folder")) return fail(USAGE, 2);
  const config = loadConfig();
  if (!config.s3) return fail("Set S3_BUCKET (and S3_ENDPOINT and its keys, as the server will have them) first.", 2);
  const log = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
  const folder = configuredStore({ ...config, s3: undefined });
  const bucket = configuredStore(config);
  await bucket.check();
  const [from, target] = to === "bucket" ? [folder, bucket] : [bucket, folder];
  const names = { folder: path.join(config.dataDir, "storage"), bucket: `bucket ${config.s3.bucket}` };
  const database = await openDatabase(config, log, { shareRunning: true });
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    console.log(`Copying stored files from ${to === "bucket" ? names.folder : names.bucket} to ${names[to]}...`);
    let shown = 0;
    const done = await copyStore({
      from,
      to: target,
      db: createDatabase(pool),
      onProgress: (p) => {
        if (p.copied + p.skipped - shown < 200) return;
        shown = p.copied + p.skipped;
        console.log(`  ${shown} files (${p.copied} copied, ${p.skipped} already there)`);
      },
    });
    console.log(
      `Done: ${done.copied} files copied (${(done.bytes / 1024 / 1024).toFixed(1)} MB), ${done.skipped} already there. ` +
        `Nothing was deleted from ${to === "bucket" ? names.folder : names.bucket}.`,
    );
  } finally {
    await pool.end();
    await database.stop();
  }
}

function fail(message: string, code: number) {
  console.error(message);
  process.exit(code);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});

import fs from "node:fs";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import type { Config } from "../config";
import { configuredStore } from "../providers/storage/open";
import { schema, type Database } from "../db/client";
import { recordedClusterLocation, type ClusterLocation } from "../db/embedded";
import { QUEUES, type JobQueue } from "../jobs/queue";
import type { Logger } from "../logger";
import { writeBackup, type BackupSource } from "./archive";

/** Daily, at a quiet hour (UTC), before the housekeeping job (03:17). */
const BACKUP_CRON = "5 3 * * *";
/** The scheduled archives' names: the time they were started, so the newest sort last. */
const SCHEDULED_NAME = /^shepherd-\d{8}T\d{6}Z\.tar\.gz$/;

/** What a backup reads, for this server's configuration and database. */
/** What a backup of this server reads; a bucket's objects go in only `withObjects` (npm run backup -- FILE --with-objects). */
export function backupSource(
  config: Config,
  database: { url: string; cluster?: ClusterLocation },
  options: { withObjects?: boolean } = {},
): BackupSource {
  return {
    databaseUrl: database.url,
    dataDir: config.dataDir,
    cluster: config.databaseUrl ? undefined : (database.cluster ?? recordedClusterLocation(config.dataDir)),
    secretsFromEnvironment: { authSecret: Boolean(config.authSecret), vapid: Boolean(config.vapid.publicKey) },
    bucket: config.s3
      ? { name: config.s3.bucket, store: configuredStore(config), withObjects: options.withObjects ?? false }
      : undefined,
  };
}

export function scheduledName(at: Date): string {
  return `shepherd-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.tar.gz`;
}

/** Deletes the oldest scheduled archives in `dir` beyond the newest `keep` (files of other names are left alone). */
export function pruneBackups(dir: string, keep: number): string[] {
  const archives = fs
    .readdirSync(dir)
    .filter((name) => SCHEDULED_NAME.test(name))
    .sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  return removed;
}

/** One scheduled backup: an archive in BACKUP_DIR, its run recorded, the oldest beyond BACKUP_KEEP deleted. */
export async function runScheduledBackup(deps: {
  config: Config;
  databaseUrl: string;
  db: Database;
  log: Logger;
  now?: Date;
}): Promise<{ file: string; bytes: number }> {
  const { config, db, log } = deps;
  const dir = config.backup.dir!;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, scheduledName(deps.now ?? new Date()));
  const [run] = await db.insert(schema.backupRuns).values({ file }).returning({ id: schema.backupRuns.id });
  try {
    const { bytes } = await writeBackup(backupSource(config, { url: deps.databaseUrl }), file, log);
    await db.update(schema.backupRuns).set({ bytes, finishedAt: new Date() }).where(eq(schema.backupRuns.id, run!.id));
    const removed = pruneBackups(dir, config.backup.keep);
    if (removed.length) log.info({ removed }, "backups: removed the oldest archives beyond BACKUP_KEEP");
    return { file, bytes };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.update(schema.backupRuns).set({ error: message, finishedAt: new Date() }).where(eq(schema.backupRuns.id, run!.id));
    throw error;
  }
}

/** The daily backup through the job queue (one run across every process), when BACKUP_DIR is set. */
export async function startBackupJob(deps: {
  config: Config;
  databaseUrl: string;
  db: Database;
  jobs: JobQueue;
  log: Logger;
}): Promise<void> {
  // Turned off (BACKUP_DIR unset since the last start): the schedule pg-boss keeps in the database goes too.
  if (!deps.config.backup.dir) return deps.jobs.unschedule(QUEUES.backup);
  await deps.jobs.schedule(QUEUES.backup, BACKUP_CRON);
  await deps.jobs.work(QUEUES.backup, async () => {
    await runScheduledBackup(deps);
  });
}

/** A run still unfinished after this long was cut off (its process stopped): the job's own lease. */
const RUN_LEASE_MS = 4 * 60 * 60 * 1000;

/** The last scheduled backup, for Admin Health: when it ran, how big it is, or why it failed. */
export async function lastBackup(
  db: Database,
  now = new Date(),
): Promise<{ at: string; bytes: number | null; error: string | null; file: string; running: boolean } | null> {
  const [row] = await db.select().from(schema.backupRuns).orderBy(desc(schema.backupRuns.startedAt)).limit(1);
  if (!row) return null;
  const cutOff = !row.finishedAt && now.getTime() - row.startedAt.getTime() > RUN_LEASE_MS;
  return {
    at: (row.finishedAt ?? row.startedAt).toISOString(),
    bytes: row.bytes,
    error: cutOff ? "It did not finish: the server stopped while writing it." : row.error,
    file: row.file,
    running: !row.finishedAt && !cutOff,
  };
}

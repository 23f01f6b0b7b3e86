import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createAuth } from "./auth/auth";
import type { Config, ServerRole } from "./config";
import type { AppContext } from "./context";
import type pg from "pg";
import { createDatabase, createPool, type Database as DrizzleDatabase } from "./db/client";
import { applyMigrations, withMigrationLock } from "./db/migrate";
import { watchDatabaseContact } from "./db/outage";
import { startEmbeddedPostgres, type ClusterLocation } from "./db/embedded";
import type { Logger } from "./logger";
import { createComposer } from "./providers/ai/composer";
import { loadLibrary } from "./providers/ai/library";
import { createOpenAiText } from "./providers/ai/openai";
import { createEspeakSpeech } from "./providers/tts/espeak";
import { createOpenAiSpeech } from "./providers/tts/openai-speech";
import { createLocalBilling } from "./providers/billing/local";
import { createStripeBilling } from "./providers/billing/stripe";
import { createErrorReporter } from "./providers/errors/errors";
import { createMailProvider } from "./providers/mail/mail";
import { startUploadSweeper } from "./providers/storage/member-files";
import { openStorage } from "./providers/storage/open";
import { recordExistingFiles } from "./providers/storage/recorded";
import { promoteAdmins } from "./modules/admin/service";
import { ensureProfile } from "./modules/profiles/service";
import { loadPlanLibrary, sourceDays } from "./modules/path/library";
import { keepStarterOutlines } from "./modules/path/outlines";
import { ensureStarterPlans } from "./modules/path/starter";
import { loadSeriesLibrary } from "./modules/series/library";
import { ensureStarterSeries } from "./modules/series/starter";
import { ensureBibleLoaded } from "./bible/load";
import { createRealtimeHub } from "./realtime/hub";
import { createLiveConnections } from "./realtime/live-connections";
import { createHeartbeat } from "./modules/admin/processes";
import { createPgListener } from "./realtime/listener";
import { createSessionCache } from "./auth/session-cache";
import { createMemberRows } from "./db/member-rows";
import { createGatheringRelay } from "./modules/gatherings/relay";
import { createJobQueue } from "./jobs/queue";
import { createOfflineImages, createOpenAiImages } from "./providers/images/images";
import { startImageWriters } from "./modules/admin/images";
import { startPlanWriters } from "./modules/path/generation";
import { startReminderJobs } from "./modules/reminders/jobs";
import { startHousekeeping } from "./jobs/housekeeping";
import { startBackupJob } from "./backup/schedule";
import { startActiveDaysJob } from "./modules/admin/jobs";
import { startGatheringLogsJob } from "./modules/gatherings/jobs";
import { createPushSender } from "./modules/reminders/push";
import { startMentionPushes } from "./modules/reminders/service";
import { loadReminderTexts } from "./modules/reminders/texts";
import { vapidKeys } from "./modules/reminders/vapid";

/** The longest start-up waits for a database connection (a request waits DATABASE_CONNECT_TIMEOUT_SECONDS). */
const STARTUP_CONNECT_MS = 60_000;

export interface Database {
  url: string;
  /** The embedded cluster's folder, and why it is not DATA_DIR/postgres when it is not; undefined with DATABASE_URL. */
  cluster?: ClusterLocation;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR. */
export async function openDatabase(config: Config, log: Logger, options: { shareRunning?: boolean } = {}): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort || undefined,
    log,
    shareRunning: options.shareRunning,
  });
  return { url: embedded.url, cluster: embedded.location, stop: embedded.stop };
}

/** BETTER_AUTH_SECRET, or one generated on first start and kept in DATA_DIR/auth-secret. */
export function authSecret(config: Config, log: Logger): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  log.info({ file }, "generated an auth secret (set BETTER_AUTH_SECRET to manage it yourself)");
  return secret;
}

/**
 * Migrations, then the shipped content the app reads from the database: the Bible, the starter plans and series. Under
 * the migration lock (db/migrate.ts): servers started together on one database take turns, and the later ones find it
 * all done. Refuses a database whose schema is newer than this code.
 */
export async function prepareDatabase({ pool, db, log }: { pool: pg.Pool; db: DrizzleDatabase; log: Logger }): Promise<void> {
  await withMigrationLock(pool, async () => {
    await applyMigrations(pool);
    await ensureBibleLoaded(pool, log);
    await ensureStarterPlans(db, loadPlanLibrary().plans, log);
    await ensureStarterSeries(db, loadSeriesLibrary(), log);
  });
}

export async function buildContext(options: {
  config: Config;
  log: Logger;
  databaseUrl: string;
  baseUrl: string;
  /**
   * Migrations, the Bible and starter content, the job queue's schema and ADMIN_EMAILS (prepareDatabase, under the
   * migration lock). False in the extra processes of cluster mode (main.ts): the first one did it. Default true.
   */
  migrate?: boolean;
  /**
   * The job workers and the periodic work: cron, queue maintenance, sweeps, reminders, housekeeping, backups. False in
   * the extra processes of cluster mode (main.ts), one process (the first) does those; default: unless SERVER_ROLE=web.
   */
  background?: boolean;
}): Promise<AppContext & { close(): Promise<void> }> {
  const { config, log } = options;
  const background = options.background ?? config.serverRole !== "web";
  const prepare = options.migrate !== false;
  // As Admin Health lists it: a process of SERVER_ROLE=all that leaves the jobs to another only serves.
  const role: ServerRole = config.serverRole === "all" && !background ? "web" : config.serverRole;
  const { connectMs, queryMs } = config.databaseTimeouts;
  const pool = createPool(options.databaseUrl, log, { connectTimeoutMs: connectMs, queryTimeoutMs: queryMs });
  const db = createDatabase(pool);
  // Start-up's own pool, ended once the server is set up: migrations and the Bible load may take longer than a request's
  // query may, and waiting for the start-up lock behind another server's may too (no query timeout); and a start on a
  // busy machine may wait longer for a connection than a request should (a minute at least).
  const startup = createPool(options.databaseUrl, log, { max: 3, connectTimeoutMs: Math.max(connectMs, STARTUP_CONNECT_MS) });
  try {
    if (prepare) await prepareDatabase({ pool: startup, db: createDatabase(startup), log });
  } catch (error) {
    await startup.end();
    throw error;
  }
  // See AppContext.longDb: the statements that may take longer than a request's query may.
  const longPool = createPool(options.databaseUrl, log, { max: 3, connectTimeoutMs: connectMs });
  const longDb = createDatabase(longPool);
  const databaseContact = watchDatabaseContact({ pool, log, downAfterMs: config.healthDatabaseDownMs });
  const mail = createMailProvider({ db, log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const auth = createAuth({
    db,
    baseUrl: options.baseUrl,
    trustedOrigins: config.trustedOrigins,
    secret: authSecret(config, log),
    passwordHashing: config.passwordHashing,
    mail,
    log,
    adminEmails: config.adminEmails,
    rateLimit: config.authRateLimit,
    sessionCacheSeconds: config.sessionCacheSeconds,
    requireEmailVerification: config.requireEmailVerification,
    secureCookies: options.baseUrl.startsWith("https://"),
    onUserCreated: (user) => ensureProfile(db, { userId: user.id, displayName: user.name }),
  });
  if (prepare) await promoteAdmins(db, config.adminEmails);
  const composer = createComposer(loadLibrary(), sourceDays(loadPlanLibrary()));
  const listener = createPgListener({ pool, log });
  // Issue 40: this process among all of them (Admin Health), and the per-member caps on what it holds open.
  const processId = randomUUID();
  const live = createLiveConnections({ pool, listener, log, processId });
  const heartbeat = createHeartbeat({ id: processId, pool, log, role, afterBeat: (beat) => live.afterBeat(beat) });
  const realtime = createRealtimeHub({ pool, listener, live, log });
  const gatherings = createGatheringRelay({ pool, db, listener, live, log, presenceMs: config.gatheringPresenceMs });
  const sessions = createSessionCache({ pool, listener, log });
  const memberRows = createMemberRows({ pool, listener, log, entrySeconds: config.memberCacheSeconds });
  keepStarterOutlines(db, { pool, listener, log });
  await listener.start();
  // Before any job is worked: Admin Health's "started" is when this process began to serve or work.
  await heartbeat.start();
  const ai = config.ai ? createOpenAiText({ ...config.ai, fallback: composer, log }) : composer;
  const jobs = createJobQueue({
    connectionString: options.databaseUrl,
    log,
    leaseSeconds: config.jobLeaseSeconds,
    retryDelaySeconds: config.jobRetryDelaySeconds,
    supervise: background,
    migrate: prepare,
    timeouts: config.databaseTimeouts,
  });
  // pg-boss makes a table per queue (create_queue attaches it to its job table); two servers creating queues at once
  // deadlock (seen on PostgreSQL 15 with two servers started together), so they take turns under the same lock.
  try {
    await withMigrationLock(startup, () => jobs.start());
  } finally {
    await startup.end();
  }
  if (background) await startPlanWriters({ db, ai, log, jobs, stepMs: (config.jobLeaseSeconds * 1000) / 2 });
  const storage = await openStorage({ config, db, log, listener });
  if (background) await recordExistingFiles(db, storage, log);
  // One process sweeps pictures uploaded for posts never sent (the one that runs the jobs).
  const stopSweeper = background ? startUploadSweeper(db, storage, log) : () => undefined;
  const images = config.images ? createOpenAiImages({ ...config.images, log }) : createOfflineImages();
  if (background) await startImageWriters({ db, storage, images, log, jobs });
  // Issue 18: daily reminders (one process runs their jobs) and mention pushes (every process: each knows its streams).
  const push = createPushSender(vapidKeys(config, log));
  const reminderTexts = loadReminderTexts();
  const reminders = { db, log, push, mail, texts: reminderTexts, appUrl: config.publicUrl ?? options.baseUrl };
  if (background) await startReminderJobs({ ...reminders, jobs });
  if (background) await startHousekeeping({ db: longDb, jobs, log });
  if (background) await startActiveDaysJob({ db: longDb, jobs, log });
  if (background) await startGatheringLogsJob({ db, jobs });
  if (background) await startBackupJob({ config, databaseUrl: options.databaseUrl, db, jobs, log });
  const stopMentionPushes = startMentionPushes({ ...reminders, realtime });
  return {
    config,
    baseUrl: options.baseUrl,
    log,
    pool,
    db,
    longDb,
    auth,
    mail,
    storage,
    errors: createErrorReporter({ db, log, sentryDsn: config.sentryDsn }),
    billing: config.stripe ? createStripeBilling(config.stripe) : createLocalBilling(db),
    speech: config.speech ? createOpenAiSpeech(config.speech) : createEspeakSpeech(),
    images,
    ai,
    jobs,
    webDist: config.webDist,
    push,
    reminderTexts,
    realtime,
    gatherings,
    sessions,
    memberRows,
    databaseContact,
    heartbeat,
    async close() {
      stopSweeper();
      stopMentionPushes();
      // Running steps finish (or, past the wait, are taken over by another process once their lease ends).
      await jobs.stop(10_000);
      await realtime.close();
      await gatherings.close();
      await live.close();
      await heartbeat.stop();
      await listener.close();
      await storage.close();
      await mail.close();
      databaseContact.close();
      await pool.end();
      await longPool.end();
    },
  };
}

import { sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Executor } from "../db/client";
import type { Logger } from "../logger";

/**
 * Background jobs in PostgreSQL (pg-boss 10: the major that runs on Node 20), shared by every server process on the
 * database: a job is taken by one process at a time, survives a restart, and is retried with backoff when it fails.
 * A process that dies mid-job (SIGKILL, a crash) leaves the job active; once its lease (JOB_LEASE_SECONDS) ends, the
 * next maintenance pass hands it to a live process. Handlers must therefore be safe to run again (ours resume from
 * their own checkpoints).
 */

export interface JobQueue {
  /** Starts pg-boss (creating its schema on first use) and the queues this app uses. */
  start(): Promise<void>;
  /**
   * Sends a job. Given `tx`, the job is written in that transaction: it exists only if the transaction commits, so a
   * row and the job that works on it are made together or not at all.
   */
  send(
    queue: QueueName,
    data: object,
    options?: { tx?: Executor; startAfterSeconds?: number; id?: string; singletonKey?: string },
  ): Promise<string | null>;
  /**
   * Sends a job to the queue on a cron schedule (UTC). pg-boss keeps the schedule in the database and makes one job
   * per tick across all processes; only the process that maintains the queue (`supervise`) runs the clock.
   */
  schedule(queue: QueueName, cron: string, data?: object): Promise<void>;
  /** Ends a queue's cron schedule (a job turned off by configuration: no more jobs nobody would work). */
  unschedule(queue: QueueName): Promise<void>;
  /** Runs `handler` for each job of the queue, one at a time in this process. */
  work<T extends object>(queue: QueueName, handler: (data: T, job: { id: string }) => Promise<void>): Promise<void>;
  /** Puts a failed job back in its queue (the admin's Health page); given `tx`, as part of that transaction. */
  retry(queue: QueueName, id: string, options?: { tx?: Executor }): Promise<void>;
  /** Stops taking jobs, waits for the running ones (up to `timeoutMs`), and closes its connections. */
  stop(timeoutMs?: number): Promise<void>;
}

/** The queues, with what each one's jobs are retried and leased for. */
export const QUEUES = {
  /** Writes a member's plan, a few days a step (modules/path/generation.ts). */
  planGeneration: "plan-generation",
  /** A plan whose writing failed every retry: it is marked failed, with Try again on /path. */
  planGenerationFailed: "plan-generation-failed",
  /**
   * Draws every devotional, plan or series (the job's kind) still without an image (admin Generate images;
   * modules/admin/images.ts). Named when it drew only devotionals: jobs queued then carry no kind and mean devotionals.
   */
  missingImages: "devotional-images",
  /** Every minute (cron): enqueues the reminder job of the minute (modules/reminders/jobs.ts). */
  reminderTick: "reminder-tick",
  /** One per due minute, whoever is due then: sends the daily reminders of that minute. */
  reminderMinute: "reminder-minute",
  /** Daily (cron): deletes rows that only served a while (jobs/housekeeping.ts). */
  housekeeping: "housekeeping",
  /** Daily (cron), just after midnight UTC: the admin dashboard's active members of the day that ended. */
  activeDays: "admin-active-days",
  /** Every ten minutes (cron): deletes the chat and signaling of gatherings that ended an hour ago. */
  gatheringLogs: "gathering-logs",
  /** Daily (cron) when BACKUP_DIR is set: writes a backup archive there and keeps the newest BACKUP_KEEP (backup/schedule.ts). */
  backup: "backup",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

const JOB_QUERY_TIMEOUT_MIN_MS = 60_000;
/** Nobody waits on the queue's own connections: on a busy machine they may take longer to open than a request's. */
const JOB_CONNECT_TIMEOUT_MIN_MS = 30_000;

export function createJobQueue(options: {
  connectionString: string;
  log: Logger;
  leaseSeconds: number;
  retryDelaySeconds?: number;
  /**
   * False in the processes that work no jobs (SERVER_ROLE=web, the extra processes of cluster mode): they send jobs,
   * and only the processes that work them maintain the queue and run its cron clock.
   */
  supervise?: boolean;
  /** Creates or upgrades pg-boss's schema at start (default: as `supervise`); a web server that starts first does it. */
  migrate?: boolean;
  /** DATABASE_CONNECT_TIMEOUT_SECONDS for pg-boss's own connections, and its queries' longest wait (see below). */
  timeouts?: { connectMs: number; queryMs: number };
}): JobQueue {
  const retryDelay = options.retryDelaySeconds ?? 5;
  const lease = options.leaseSeconds;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    application_name: "shepherd jobs",
    // Expired leases are found by maintenance: run it often enough that a dead process's job moves on soon after.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(lease / 2))),
    monitorStateIntervalSeconds: 60,
    ...(options.supervise === false ? { supervise: false, schedule: false, migrate: options.migrate === true } : {}),
    // pg-boss hands these to its own pg pool. Without them its polls would wait out a stalled or cut-off database
    // forever; a minute at least, as its maintenance and schema upgrades may take longer than a request's query.
    ...(options.timeouts
      ? {
          connectionTimeoutMillis: Math.max(JOB_CONNECT_TIMEOUT_MIN_MS, options.timeouts.connectMs),
          query_timeout: Math.max(JOB_QUERY_TIMEOUT_MIN_MS, options.timeouts.queryMs),
        }
      : {}),
  });
  boss.on("error", (error) => options.log.error({ err: error }, "job queue error"));
  let started = false;
  return {
    async start() {
      await boss.start();
      started = true;
      // Created once per database; updated on every start, so a changed JOB_LEASE_SECONDS applies to new jobs.
      const queues: Array<[QueueName, Omit<PgBoss.Queue, "name">]> = [
        [QUEUES.planGenerationFailed, { retryLimit: 5, retryDelay, retryBackoff: true }],
        [QUEUES.missingImages, { retryLimit: 3, retryDelay, retryBackoff: true, expireInSeconds: 60 * 60 }],
        [QUEUES.reminderTick, { retryLimit: 1, retryDelay: 5, expireInSeconds: 60 }],
        [QUEUES.housekeeping, { retryLimit: 3, retryDelay, retryBackoff: true, expireInSeconds: 60 * 60 }],
        [QUEUES.activeDays, { retryLimit: 3, retryDelay, retryBackoff: true, expireInSeconds: 60 * 60 }],
        [QUEUES.gatheringLogs, { retryLimit: 1, retryDelay, expireInSeconds: 5 * 60 }],
        // A big database takes a while; a failed night is tried again twice, an hour apart at most.
        [QUEUES.backup, { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 4 * 60 * 60 }],
        // A reminder 20 minutes late is still welcome; later than that it is dropped (the "sent" rows keep it once).
        [QUEUES.reminderMinute, { retryLimit: 3, retryDelay, retryBackoff: true, expireInSeconds: 20 * 60 }],
        [
          QUEUES.planGeneration,
          { retryLimit: 3, retryDelay, retryBackoff: true, expireInSeconds: lease, deadLetter: QUEUES.planGenerationFailed },
        ],
      ];
      for (const [name, settings] of queues) {
        await boss.createQueue(name, { name, ...settings });
        await boss.updateQueue(name, { name, ...settings });
      }
    },
    send(queue, data, sendOptions = {}) {
      return boss.send(queue, data, {
        startAfter: sendOptions.startAfterSeconds,
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.tx ? { db: inTransaction(sendOptions.tx) } : {}),
      });
    },
    async schedule(queue, cron, data = {}) {
      await boss.schedule(queue, cron, data, { tz: "UTC" });
    },
    async unschedule(queue) {
      await boss.unschedule(queue);
    },
    async work(queue, handler) {
      const worker: { id?: string } = {};
      worker.id = await boss.work<object>(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        if (!job) return;
        await handler(job.data as never, { id: job.id });
        // A job was waiting: look for the next one now rather than after the polling interval.
        if (worker.id) boss.notifyWorker(worker.id);
      });
    },
    async retry(queue, id, retryOptions = {}) {
      await boss.retry(queue, id, retryOptions.tx ? { db: inTransaction(retryOptions.tx) } : undefined);
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}

/**
 * pg-boss's way into a caller's transaction: it hands over SQL with $1..$n placeholders and their values; Drizzle runs
 * it in `tx` with each placeholder bound as a parameter.
 */
function inTransaction(tx: Executor): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      // sql.param: one parameter even for an array (a bare array in Drizzle's sql`` becomes a list of parameters).
      parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`));
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

import path from "node:path";
import { desc, isNotNull, sql } from "drizzle-orm";
import {
  ADMIN_EXPORT_MAX_ROWS,
  ADMIN_PAGE_SIZE,
  type AdminErrorGroup,
  type AdminFailedJob,
  type AdminHealth,
  type AdminPage,
} from "@shepherd/shared";
import type { AppContext, SignedInUser } from "../../context";
import { schema } from "../../db/client";
import { notFound } from "../../errors";
import { QUEUES, type QueueName } from "../../jobs/queue";
import { auditForJobs, recordAudit } from "./audit";
import { lastBackup } from "../../backup/schedule";
import { listServerProcesses } from "./processes";

const OUR_QUEUES = Object.values(QUEUES) as string[];

/** What the database knows is stored (stored_files), and where: the folder or the bucket (issue 40). */
async function storedFiles(ctx: AppContext): Promise<AdminHealth["storage"]> {
  const [row] = await ctx.db
    .select({ bytes: sql<string>`coalesce(sum(${schema.storedFiles.bytes}), 0)`, files: sql<number>`count(*)::int` })
    .from(schema.storedFiles);
  const where = ctx.config.s3
    ? `the bucket ${ctx.config.s3.bucket}${ctx.config.s3.endpoint ? ` at ${ctx.config.s3.endpoint}` : ""}`
    : path.join(ctx.config.dataDir, "storage");
  return { bytes: Number(row?.bytes ?? 0), files: row?.files ?? 0, where };
}

async function slowestStatements(ctx: AppContext): Promise<AdminHealth["database"]["slowest_statements"]> {
  const installed = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_extension where extname = 'pg_stat_statements'`,
  );
  if (!installed.rows[0]?.n) return null;
  try {
    const rows = await ctx.db.execute<{ query: string; calls: number; mean_ms: number; total_ms: number }>(sql`
      select query, calls::int as calls, mean_exec_time::float as mean_ms, total_exec_time::float as total_ms
      from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
      order by mean_exec_time desc limit 10
    `);
    return rows.rows.map((r) => ({
      query: r.query,
      calls: Number(r.calls),
      mean_ms: Number(r.mean_ms),
      total_ms: Number(r.total_ms),
    }));
  } catch {
    // Installed in the database but not loaded by the server (shared_preload_libraries): nothing to read.
    return null;
  }
}

export async function health(ctx: AppContext): Promise<AdminHealth> {
  const memory = process.memoryUsage();
  const [database, connections, slowest, jobs, storage, lastMailError, jobAudit, processes] = await Promise.all([
    ctx.db.execute<{ version: string; size: string }>(
      sql`select current_setting('server_version') as version, pg_database_size(current_database())::text as size`,
    ),
    ctx.db.execute<{ total: number; active: number; max: number }>(sql`
      select count(*)::int as total, count(*) filter (where state = 'active')::int as active,
        current_setting('max_connections')::int as max
      from pg_stat_activity where datname = current_database()
    `),
    slowestStatements(ctx),
    ctx.db.execute<{ name: string; queued: number; active: number; failed: number }>(sql`
      select name, count(*) filter (where state in ('created', 'retry'))::int as queued,
        count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'failed')::int as failed
      from pgboss.job group by name
    `),
    storedFiles(ctx),
    ctx.db
      .select({ error: schema.mailOutbox.error, at: schema.mailOutbox.createdAt })
      .from(schema.mailOutbox)
      .where(isNotNull(schema.mailOutbox.error))
      .orderBy(desc(schema.mailOutbox.createdAt))
      .limit(1),
    auditForJobs(ctx.db),
    listServerProcesses(ctx.db, ctx.heartbeat.id),
  ]);
  const backup = ctx.config.backup.dir ? await lastBackup(ctx.db) : null;
  const jobRows = new Map(jobs.rows.map((r) => [r.name, r]));
  const none = { last_error: null, last_error_at: null };
  return {
    server: {
      uptime_seconds: Math.round(process.uptime()),
      memory: { rss: memory.rss, heap_used: memory.heapUsed, heap_total: memory.heapTotal },
      node: process.version,
    },
    processes,
    database: {
      version: database.rows[0]?.version ?? "unknown",
      size_bytes: Number(database.rows[0]?.size ?? 0),
      connections: {
        total: Number(connections.rows[0]?.total ?? 0),
        active: Number(connections.rows[0]?.active ?? 0),
        max: Number(connections.rows[0]?.max ?? 0),
      },
      slowest_statements: slowest,
    },
    jobs: OUR_QUEUES.map((queue) => {
      const row = jobRows.get(queue);
      return { queue, queued: Number(row?.queued ?? 0), active: Number(row?.active ?? 0), failed: Number(row?.failed ?? 0) };
    }),
    storage,
    backups: ctx.config.backup.dir
      ? {
          scheduled: true,
          dir: ctx.config.backup.dir,
          keep: ctx.config.backup.keep,
          last: backup,
        }
      : { scheduled: false },
    job_audit: jobAudit,
    // Only mail keeps its errors (mail_outbox.error); the other providers log theirs and fall back or answer 5xx.
    providers: [
      { kind: "AI text", name: ctx.ai.name, state: ctx.ai.name === "composer" ? "offline default" : "configured", ...none },
      { kind: "Speech", name: ctx.speech.name, state: ctx.speech.name === "espeak" ? "offline default" : "configured", ...none },
      { kind: "Images", name: ctx.images.name, state: ctx.images.name === "offline" ? "offline default" : "configured", ...none },
      {
        kind: "Mail",
        name: ctx.mail.transport,
        state: ctx.mail.transport === "outbox" ? "offline default" : "configured",
        last_error: lastMailError[0]?.error ?? null,
        last_error_at: lastMailError[0]?.at.toISOString() ?? null,
      },
      {
        kind: "Billing",
        name: ctx.billing.name,
        state: ctx.billing.name === "local" ? "offline default" : "configured",
        ...none,
      },
      {
        kind: "Error reporting",
        name: ctx.errors.target,
        state: ctx.errors.target === "database" ? "offline default" : "configured",
        ...none,
      },
    ],
  };
}

/** Jobs that failed every retry (pg-boss keeps them until their keep_until), newest first. */
export async function failedJobs(ctx: AppContext, options: { page: number; all?: boolean }): Promise<AdminPage<AdminFailedJob>> {
  const limit = options.all ? ADMIN_EXPORT_MAX_ROWS : ADMIN_PAGE_SIZE;
  const offset = options.all ? 0 : (options.page - 1) * ADMIN_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    ctx.db.execute<{ id: string; name: string; created_on: Date; retry_count: number; output: unknown }>(sql`
      select id, name, created_on, retry_count, output from pgboss.job where state = 'failed'
      order by created_on desc, id desc limit ${limit} offset ${offset}
    `),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where state = 'failed'`),
  ]);
  return {
    items: rows.rows.map((r) => ({
      id: r.id,
      queue: r.name,
      created_at: new Date(r.created_on).toISOString(),
      retry_count: Number(r.retry_count),
      error: describeOutput(r.output),
    })),
    page: options.page,
    page_size: limit,
    total: Number(total.rows[0]?.n ?? 0),
  };
}

function describeOutput(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === "object" && output && "message" in output) return String((output as { message: unknown }).message);
  return JSON.stringify(output);
}

/** Puts a failed job back in its queue, with the audit entry in the same transaction. */
export async function retryJob(ctx: AppContext, actor: SignedInUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const found = await tx.execute<{ name: string }>(sql`select name from pgboss.job where id = ${id} and state = 'failed'`);
    const name = found.rows[0]?.name;
    if (!name || !OUR_QUEUES.includes(name)) throw notFound("That failed job");
    await ctx.jobs.retry(name as QueueName, id, { tx });
    await recordAudit(tx, { actor, action: "job.retry", target: `job ${id}`, details: { queue: name } });
  });
}

/** Browser error reports grouped by message and stack: how many, first and last seen, and one page they came from. */
export async function errorGroups(
  ctx: AppContext,
  options: { page: number; all?: boolean },
): Promise<AdminPage<AdminErrorGroup>> {
  const limit = options.all ? ADMIN_EXPORT_MAX_ROWS : ADMIN_PAGE_SIZE;
  const offset = options.all ? 0 : (options.page - 1) * ADMIN_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    ctx.db.execute<{
      message: string;
      stack: string | null;
      count: number;
      first_seen: Date;
      last_seen: Date;
      url: string | null;
    }>(sql`
      select message, stack, count(*)::int as count, min(created_at) as first_seen, max(created_at) as last_seen,
        (array_agg(url order by created_at desc))[1] as url
      from error_reports group by message, stack
      order by max(created_at) desc limit ${limit} offset ${offset}
    `),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from error_reports group by message, stack) g`),
  ]);
  return {
    items: rows.rows.map((r) => ({
      message: r.message,
      stack: r.stack,
      count: Number(r.count),
      first_seen: new Date(r.first_seen).toISOString(),
      last_seen: new Date(r.last_seen).toISOString(),
      url: r.url,
    })),
    page: options.page,
    page_size: limit,
    total: Number(total.rows[0]?.n ?? 0),
  };
}

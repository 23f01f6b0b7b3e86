import type { Server } from "node:net";
import os from "node:os";
import { asc, gte, sql } from "drizzle-orm";
import type pg from "pg";
import { SERVER_GONE_AFTER_BEATS, SERVER_HEARTBEAT_SECONDS, type AdminServerProcess } from "@shepherd/shared";
import type { ServerRole } from "../../config";
import { schema, type Database } from "../../db/client";
import { appVersion } from "../../version";
import type { Logger } from "../../logger";

/**
 * Issue 40: every live server process, from its own heartbeat. Each process writes its row in server_processes at
 * start, updates it every SERVER_HEARTBEAT_SECONDS (last seen, memory, open connections), and deletes it on a clean
 * stop; any process removes the rows not seen for SERVER_GONE_AFTER_BEATS beats (a process killed outright), and the
 * live connections they held with them (realtime/live-connections.ts). Times are the database's, so the machines'
 * clocks do not matter. A beat that cannot reach the database is logged and tried again at the next one.
 */

const HEARTBEAT_MS = SERVER_HEARTBEAT_SECONDS * 1000;
/** A process unheard this long is gone. */
const GONE_AFTER_SECONDS = SERVER_GONE_AFTER_BEATS * SERVER_HEARTBEAT_SECONDS;

export interface Heartbeat {
  /** This process's row in server_processes (the live connections it holds name it). */
  id: string;
  /** The open connections of this HTTP server are the ones counted (event streams and gathering sockets among them). */
  countConnectionsOf(server: Server): void;
  /** The first beat: this process's row written, or the failure logged. Never rejects. */
  start(): Promise<void>;
  /** Stops beating and deletes this process's row (its live connections' rows go with it). */
  stop(): Promise<void>;
}

const BEAT = `
  insert into server_processes (id, host, pid, version, role, started_at, last_seen_at, memory_bytes, connections)
  values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now()), now(), $7, $8)
  on conflict (id) do update
    set last_seen_at = now(), memory_bytes = excluded.memory_bytes, connections = excluded.connections
  returning (xmax = 0) as inserted, started_at`;

const PRUNE = `
  delete from server_processes where last_seen_at < now() - make_interval(secs => $1)
  returning host, pid, last_seen_at`;

export function createHeartbeat({
  id,
  pool,
  log,
  role,
  afterBeat,
}: {
  /** A random id the process picks at start. */
  id: string;
  pool: pg.Pool;
  log: Logger;
  /** What this process does: `all` for the one of SERVER_ROLE=all that runs the jobs, `web` for the others. */
  role: ServerRole;
  /** Run after each beat that reached the database (the live connections' own check). */
  afterBeat?: (beat: { rowWasGone: boolean }) => Promise<void>;
}): Heartbeat {
  const host = os.hostname();
  const version = appVersion();
  let server: Server | undefined;
  /** As the database first recorded it: a row written again after a prune keeps it. */
  let startedAt: Date | null = null;
  let failing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> = Promise.resolve();

  const openConnections = () =>
    new Promise<number>((resolve) => {
      if (!server) return resolve(0);
      server.getConnections((error, n) => resolve(error ? 0 : n));
    });

  const beat = async () => {
    if (stopped) return;
    try {
      const values = [id, host, process.pid, version, role, startedAt, process.memoryUsage().rss, await openConnections()];
      const { rows } = await pool.query<{ inserted: boolean; started_at: Date }>(BEAT, values);
      const rowWasGone = rows[0]!.inserted && startedAt !== null;
      if (rowWasGone) log.warn({ process: id }, "this server process was taken for gone (unheard for three beats); it is back");
      startedAt = rows[0]!.started_at;
      const pruned = await pool.query<{ host: string; pid: number; last_seen_at: Date }>(PRUNE, [GONE_AFTER_SECONDS]);
      for (const gone of pruned.rows) log.info(gone, "a server process is gone (unheard for three beats); its row is removed");
      if (failing) log.info("heartbeat: the database is reachable again");
      failing = false;
      await afterBeat?.({ rowWasGone }).catch((error: unknown) =>
        log.warn({ err: error }, "heartbeat: a check after the beat failed"),
      );
    } catch (error) {
      if (!failing) log.warn({ err: error }, "heartbeat: could not reach the database; trying again at the next beat");
      failing = true;
    }
  };
  const next = () => {
    beating = beating.then(beat);
    return beating;
  };

  return {
    id,
    countConnectionsOf(watched) {
      server = watched;
    },
    async start() {
      await next();
      timer = setInterval(() => void next(), HEARTBEAT_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await beating;
      stopped = true;
      await pool
        .query("delete from server_processes where id = $1", [id])
        .catch((error: unknown) => log.warn({ err: error }, "heartbeat: could not delete this process's row"));
    },
  };
}

/** Admin Health: the processes heard from within SERVER_GONE_AFTER_BEATS beats, by host and start. */
export async function listServerProcesses(db: Database, thisProcess: string): Promise<AdminServerProcess[]> {
  const { serverProcesses: p } = schema;
  const rows = await db
    .select()
    .from(p)
    .where(gte(p.lastSeenAt, sql`now() - make_interval(secs => ${GONE_AFTER_SECONDS})`))
    .orderBy(asc(p.host), asc(p.startedAt), asc(p.pid));
  return rows.map((r) => ({
    id: r.id,
    host: r.host,
    pid: r.pid,
    version: r.version,
    role: r.role as ServerRole,
    started_at: r.startedAt.toISOString(),
    last_seen_at: r.lastSeenAt.toISOString(),
    memory_bytes: r.memoryBytes,
    connections: r.connections,
    answering: r.id === thisProcess,
  }));
}

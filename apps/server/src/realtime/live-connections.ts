import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Logger } from "../logger";
import type { PgListener } from "./listener";

/**
 * Issue 40: per-member caps on long-lived connections (event streams, gathering sockets) that hold across every process
 * and machine on the database. Each connection a process opens is a row of live_connections naming that process. The
 * row is written under a transaction-level advisory lock per member and kind, so two processes opening at once cannot
 * both pass the cap; in the same transaction the member's oldest rows beyond the cap are deleted, and each process
 * holding one of them is told on CONNECTIONS_CHANNEL (delivered at commit) to close it. A closed connection deletes
 * its row; a dead process's rows go with its server_processes row (the heartbeat prunes it, modules/admin/processes.ts).
 *
 * While the database cannot be reached the cap holds per process, on this process's own connections, as before issue
 * 40; each is counted in the database again at the next heartbeat that reaches it. At each heartbeat the process also
 * closes any of its connections whose row is gone (a notice missed while its LISTEN connection was away) and writes
 * again the rows of every connection it holds when its own server_processes row had been pruned (it was unheard for
 * three beats, and the cascade took its rows).
 */

/** The channel a process is told on to close some of its connections: {p: its process id, ids: the connections}. */
export const CONNECTIONS_CHANNEL = "shepherd_connections";
/** Connection ids per notice (36 characters each): well under NOTIFY's 8000 bytes. */
const IDS_PER_NOTICE = 100;

export type LiveKind = "events" | "gathering";

export interface LiveConnection {
  /**
   * Settles once the connection is counted: its row written and the member's oldest beyond the cap closed (or, with
   * the database away, checked against this process's own). Never rejects.
   */
  counted: Promise<void>;
  /** The connection closed: its row goes. */
  release(): void;
}

export interface LiveConnections {
  /** Counts a connection this process just opened; `close` ends it when it is among the member's oldest beyond `cap`. */
  open(options: { userId: string; kind: LiveKind; cap: number; close: () => void }): LiveConnection;
  /** Run after each heartbeat that reached the database; `rowWasGone`: this process's row had been pruned. */
  afterBeat(beat: { rowWasGone: boolean }): Promise<void>;
  /** Stops writing (this process's row is deleted next, and its connections' rows with it). */
  close(): Promise<void>;
}

interface Held {
  id: string;
  userId: string;
  kind: LiveKind;
  cap: number;
  close: () => void;
  openedAt: Date;
  /** Its row is written and not known to be gone. */
  registered: boolean;
  /** Being counted now. */
  counting: Promise<void> | null;
}

interface Closing {
  id: string;
  process_id: string;
}

export function createLiveConnections({
  pool,
  listener,
  log,
  processId,
}: {
  pool: pg.Pool;
  listener: PgListener;
  log: Logger;
  /** This process's server_processes id (its heartbeat's). */
  processId: string;
}): LiveConnections {
  /** The connections this process holds, oldest first. */
  const held = new Map<string, Held>();
  const pending = new Set<Promise<void>>();
  let closed = false;

  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.then(() => pending.delete(work));
    return work;
  };

  const deleteRow = (id: string) => {
    if (closed) return;
    track(
      pool
        .query("delete from live_connections where id = $1", [id])
        .then(() => undefined)
        .catch((error: unknown) => log.warn({ err: error }, "live connections: could not delete a closed connection's row")),
    );
  };

  /** Ends a connection held here. `rowGone`: its row was deleted already (by a cap, or with this process's row). */
  const closeHere = (id: string, rowGone: boolean) => {
    const entry = held.get(id);
    if (!entry) return;
    held.delete(id);
    if (!rowGone && entry.registered) deleteRow(id);
    try {
      entry.close();
    } catch (error) {
      log.error({ err: error }, "live connections: closing a connection failed");
    }
  };

  listener.listen(CONNECTIONS_CHANNEL, {
    notify(payload) {
      let notice: { p?: unknown; ids?: unknown };
      try {
        notice = JSON.parse(payload) as typeof notice;
      } catch {
        return;
      }
      if (notice.p !== processId || !Array.isArray(notice.ids)) return;
      for (const id of notice.ids) if (typeof id === "string") closeHere(id, true);
    },
  });

  /**
   * Writes the connection's row and deletes the member's oldest beyond the cap, telling their processes: one
   * transaction under the member's lock. Answers the deleted rows.
   */
  const count = async (entry: Held, openedAt: Date | null): Promise<Closing[]> => {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      await client.query("begin");
      await client.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [
        `live-connections:${entry.kind}:${entry.userId}`,
      ]);
      // clock_timestamp(), not now(): the order the lock let them in, whichever transaction began first.
      await client.query(
        `insert into live_connections (id, user_id, kind, process_id, opened_at)
         values ($1, $2, $3, $4, coalesce($5::timestamptz, clock_timestamp())) on conflict (id) do nothing`,
        [entry.id, entry.userId, entry.kind, processId, openedAt],
      );
      const { rows } = await client.query<Closing>(
        `delete from live_connections where id in (
           select id from live_connections where user_id = $1 and kind = $2 order by opened_at desc, id desc offset $3)
         returning id, process_id`,
        [entry.userId, entry.kind, entry.cap],
      );
      const elsewhere = new Map<string, string[]>();
      for (const row of rows) {
        if (row.process_id === processId) continue;
        elsewhere.set(row.process_id, [...(elsewhere.get(row.process_id) ?? []), row.id]);
      }
      for (const [owner, ids] of elsewhere) {
        for (let i = 0; i < ids.length; i += IDS_PER_NOTICE) {
          const payload = JSON.stringify({ p: owner, ids: ids.slice(i, i + IDS_PER_NOTICE) });
          await client.query("select pg_notify($1, $2)", [CONNECTIONS_CHANNEL, payload]);
        }
      }
      await client.query("commit");
      return rows;
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      // A connection that failed mid-transaction is not lent out again.
      client.release(failure);
    }
  };

  /** The database is away: the cap holds on this process's own connections of the member (the oldest go). */
  const capHere = (entry: Held) => {
    const mine = [...held.values()].filter((e) => e.userId === entry.userId && e.kind === entry.kind);
    for (const oldest of mine.slice(0, Math.max(0, mine.length - entry.cap))) closeHere(oldest.id, false);
  };

  const register = (entry: Held, openedAt: Date | null): Promise<void> => {
    const run = (async () => {
      try {
        const over = await count(entry, openedAt);
        if (held.get(entry.id) === entry) entry.registered = true;
        // Released while it was being counted.
        else if (!over.some((row) => row.id === entry.id)) deleteRow(entry.id);
        for (const row of over) if (row.process_id === processId) closeHere(row.id, true);
      } catch (error) {
        log.warn(
          { err: error, kind: entry.kind },
          "live connections: could not count a connection; this process's own cap holds",
        );
        if (held.get(entry.id) === entry) capHere(entry);
      } finally {
        entry.counting = null;
      }
    })();
    entry.counting = run;
    return track(run);
  };

  return {
    open({ userId, kind, cap, close }) {
      if (closed) return { counted: Promise.resolve(), release: () => undefined };
      const entry: Held = { id: randomUUID(), userId, kind, cap, close, openedAt: new Date(), registered: false, counting: null };
      held.set(entry.id, entry);
      const counted = register(entry, null);
      return {
        counted,
        release() {
          if (held.get(entry.id) !== entry) return;
          held.delete(entry.id);
          // Still being counted: register() deletes the row once it is written.
          if (entry.registered && !entry.counting) deleteRow(entry.id);
        },
      };
    },

    async afterBeat({ rowWasGone }) {
      if (closed) return;
      if (rowWasGone) {
        for (const entry of held.values()) entry.registered = false;
      } else {
        // Rows deleted by another process while this one did not hear its notice: those connections close here now.
        // Only rows known to be written before the query began are judged.
        const known = [...held.values()].filter((e) => e.registered).map((e) => e.id);
        if (known.length > 0) {
          const { rows } = await pool.query<{ id: string }>("select id from live_connections where process_id = $1", [processId]);
          const present = new Set(rows.map((r) => r.id));
          for (const id of known) if (!present.has(id)) closeHere(id, true);
        }
      }
      // Counted again with the time they opened: those the database missed, and all of them after a prune.
      for (const entry of [...held.values()]) {
        if (!entry.registered && !entry.counting) await register(entry, entry.openedAt);
      }
    },

    async close() {
      closed = true;
      await Promise.all([...pending]);
    },
  };
}

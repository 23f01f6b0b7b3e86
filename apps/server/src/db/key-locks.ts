import type pg from "pg";
import { AppError } from "../errors";
import { poolOf, type Database } from "./client";

/**
 * Work done once per key across every process and machine on one database (issue 40): devotional and chapter audio
 * per storage key (modules/audio/service.ts), an image per devotional, plan or series (modules/admin/images.ts).
 *
 * A PostgreSQL session-level advisory lock per key (pg_try_advisory_lock(hashtextextended(key, 0))). All the keys a
 * process holds sit on ONE connection, lent by the pool while any key is held or awaited and given back when none is:
 * synthesis or drawing takes seconds, and a connection per key (or a blocked pg_advisory_lock per waiting caller)
 * would empty the small pool under a burst of Listen presses. So the shared connection only ever tries a lock, which
 * never blocks it: a key another process holds is tried again after a short pause (up to a second), a key this
 * process holds is awaited in memory. A claim row would need its own table and a sweep for claims left by a dead
 * process; PostgreSQL ends a session's advisory locks by itself when the session ends.
 *
 * A dropped connection loses its locks: the work may then run twice, so callers keep their own checks that the thing
 * is still to be made (and an image's row is set only if it did not change meanwhile).
 */

/** The longest a caller waits for another process's work: a 20,000-character text read by a slow speech service. */
export const KEY_LOCK_WAIT_MS = 5 * 60_000;
const FIRST_PAUSE_MS = 50;
const LONGEST_PAUSE_MS = 1_000;

const TRY = "select pg_try_advisory_lock(hashtextextended($1, 0)) as ok";
const UNLOCK = "select pg_advisory_unlock(hashtextextended($1, 0)) as ok";

interface ProcessLocks {
  /** The connection the locks are held on, while `users` > 0. */
  session: Promise<pg.PoolClient> | null;
  /** Keys held or being tried by this process. */
  users: number;
  /** Keys this process holds or is trying, each with a promise settled when it lets go. */
  local: Map<string, Promise<void>>;
}

const byPool = new WeakMap<pg.Pool, ProcessLocks>();

function locksOf(pool: pg.Pool): ProcessLocks {
  let locks = byPool.get(pool);
  if (!locks) {
    locks = { session: null, users: 0, local: new Map() };
    byPool.set(pool, locks);
  }
  return locks;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function ask(pool: pg.Pool, locks: ProcessLocks, statement: string, key: string): Promise<boolean> {
  if (!locks.session) {
    const opening = pool.connect();
    locks.session = opening;
    opening.catch(() => {
      if (locks.session === opening) locks.session = null;
    });
  }
  const session = locks.session;
  const client = await session;
  try {
    const { rows } = await client.query<{ ok: boolean }>(statement, [key]);
    return rows[0]?.ok === true;
  } catch (error) {
    // Its locks are lost with it (or unknown): the connection is closed, not lent out again with locks on it.
    if (locks.session === session) locks.session = null;
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

function letGo(locks: ProcessLocks) {
  locks.users -= 1;
  if (locks.users > 0 || !locks.session) return;
  const session = locks.session;
  locks.session = null;
  void session.then(
    (client) => client.release(),
    () => undefined,
  );
}

/**
 * Holds `key` for this process: waits (when `wait`) while this process or another holds it. Answers the function that
 * lets go, or null when the key is taken and `wait` is false.
 */
async function hold(pool: pg.Pool, key: string, wait: boolean): Promise<(() => Promise<void>) | null> {
  const locks = locksOf(pool);
  for (let held = locks.local.get(key); held; held = locks.local.get(key)) {
    if (!wait) return null;
    await held;
  }
  let settle!: () => void;
  locks.local.set(
    key,
    new Promise<void>((resolve) => {
      settle = resolve;
    }),
  );
  locks.users += 1;
  const free = () => {
    locks.local.delete(key);
    settle();
    letGo(locks);
  };
  try {
    const deadline = Date.now() + KEY_LOCK_WAIT_MS;
    for (let next = FIRST_PAUSE_MS; !(await ask(pool, locks, TRY, key)); next = Math.min(next * 2, LONGEST_PAUSE_MS)) {
      if (!wait) {
        free();
        return null;
      }
      if (Date.now() > deadline) throw new AppError("UNAVAILABLE", "This is still being made elsewhere. Please try again.");
      await pause(next);
    }
  } catch (error) {
    free();
    throw error;
  }
  return async () => {
    try {
      await ask(pool, locks, UNLOCK, key);
    } catch {
      // The connection is gone, and the lock with it.
    } finally {
      free();
    }
  };
}

/** Runs `work` while this process alone, of all on the database, holds `key`; waits for whoever holds it first. */
export async function withKeyLock<T>(db: Database, key: string, work: () => Promise<T>): Promise<T> {
  const release = (await hold(poolOf(db), key, true))!;
  try {
    return await work();
  } finally {
    await release();
  }
}

/** Runs `work` under `key` when nobody holds it; `{ ran: false }` when some process (this one too) does. */
export async function tryKeyLock<T>(
  db: Database,
  key: string,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const release = await hold(poolOf(db), key, false);
  if (!release) return { ran: false };
  try {
    return { ran: true, result: await work() };
  } finally {
    await release();
  }
}

import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { SignedInUser } from "../context";
import type { Logger } from "../logger";
import type { PgListener } from "../realtime/listener";

/**
 * The channel PostgreSQL triggers notify when a session or a user row changes or goes (migration 0016): the payload is
 * `s:<session id>` or `u:<user id>` (and `y:<id>` for sync()). Triggers, not our code, so every path is covered: Better Auth's sign-out and
 * password change, a ban, an account deletion's cascade, a change made by another process or by hand.
 */
export const SESSIONS_CHANNEL = "shepherd_sessions";
/** How long an entry is trusted at most, even with no notice (a bound, not the mechanism: notices end entries). */
const ENTRY_MS = 60_000;
const MAX_ENTRIES = 10_000;
/** How long sync() waits for its own notice before it empties the cache instead. */
const SYNC_TIMEOUT_MS = 2_000;

export interface CachedSession {
  user: SignedInUser;
  userId: string;
  sessionId: string;
  /** When the session expires and when it was last refreshed (epoch ms): checked on every read. */
  expiresAt: number;
  updatedAt: number;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

/**
 * Who a session token (or a JWT's session id) belongs to, kept in this process so that most requests skip the session
 * query (issue 20). It is exact, not "eventually": an entry ends when PostgreSQL says its session or user changed, and
 * the cache is used only while this process is LISTENing; when the connection drops, it is emptied and bypassed until
 * the connection is back. A read that started before a notice is never stored after it (the ticket).
 * Changes made through this process also end entries at once (forgetUser, clear), before their answer is sent, so a
 * member's next request never sees his own sign-out late.
 */
export interface SessionCache {
  get(key: string, now?: number): CachedSession | undefined;
  /** Taken before reading the database; `remember` stores only when nothing was forgotten since. */
  ticket(): number;
  remember(ticket: number, key: string, session: CachedSession): void;
  forgetUser(userId: string): void;
  clear(): void;
  /**
   * Resolves once this process has applied every notice committed before the call: it sends a notice of its own and
   * waits to hear it (PostgreSQL delivers notices in commit order). For a change made outside this process's own
   * paths, e.g. a test's direct update, whose next request must see it. Empties the cache if the notice is not heard.
   */
  sync(): Promise<void>;
  size(): number;
}

export function createSessionCache({ pool, listener, log }: { pool: pg.Pool; listener: PgListener; log: Logger }): SessionCache {
  const entries = new Map<string, Entry>();
  const syncs = new Map<string, () => void>();
  // Bumped by every forget: a read that began before it may hold what was just forgotten.
  let generation = 0;

  const forgetWhere = (matches: (entry: Entry) => boolean) => {
    generation += 1;
    for (const [key, entry] of entries) if (matches(entry)) entries.delete(key);
  };
  const clear = () => {
    generation += 1;
    entries.clear();
  };

  listener.listen(SESSIONS_CHANNEL, {
    notify(payload) {
      const id = payload.slice(2);
      if (payload.startsWith("s:")) forgetWhere((entry) => entry.sessionId === id);
      else if (payload.startsWith("u:")) forgetWhere((entry) => entry.userId === id);
      else if (payload.startsWith("y:")) syncs.get(id)?.();
      else {
        log.warn({ payload: payload.slice(0, 100) }, "ignored a malformed session notice");
        clear();
      }
    },
    // Notices may have been missed while the connection was down.
    lost: clear,
    reconnected: clear,
  });

  return {
    get(key, now = Date.now()) {
      if (!listener.listening()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now - entry.cachedAt >= ENTRY_MS || entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    ticket: () => generation,
    remember(ticket, key, session) {
      if (ticket !== generation || !listener.listening()) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { ...session, cachedAt: Date.now() });
    },
    forgetUser: (userId) => forgetWhere((entry) => entry.userId === userId),
    clear,
    async sync() {
      if (!listener.listening()) return clear();
      // Unique across processes and across the apps one test process may hold.
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        syncs.set(id, () => resolve(true));
        timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      });
      try {
        await pool.query("SELECT pg_notify($1, $2)", [SESSIONS_CHANNEL, `y:${id}`]);
        if (!(await heard)) clear();
      } catch (error) {
        log.warn({ err: error }, "could not sync the session cache; emptied it");
        clear();
      } finally {
        clearTimeout(timer);
        syncs.delete(id);
      }
    },
    size: () => entries.size,
  };
}

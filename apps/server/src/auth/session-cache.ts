import type pg from "pg";
import type { SignedInUser } from "../context";
import { createNoticedCache, type CacheReads } from "../db/noticed-cache";
import type { Logger } from "../logger";
import type { PgListener } from "../realtime/listener";

/**
 * The channel PostgreSQL triggers notify when a session or a user row changes or goes (migration 0016): the payload is
 * `s:<session id>` or `u:<user id>` (and `y:<id>` for sync()). Triggers, not our code, so every path is covered: Better
 * Auth's sign-out and password change, a ban, an account deletion's cascade, a change made by another process or by hand.
 */
export const SESSIONS_CHANNEL = "shepherd_sessions";

/** What an entry is made of (auth/middleware.ts: sessionLookup, sessionById), and the notices that end it. */
export const SESSION_CACHE_READS: CacheReads = {
  channel: SESSIONS_CHANNEL,
  tables: {
    // sessions_notify_change: 's:<session id>'.
    sessions: {
      columns: ["id", "token", "user_id", "expires_at", "updated_at"],
      unnoticed: { insert: "only a session found is kept: a new one has its own id and token" },
    },
    // users_notify_change: 'u:<user id>'.
    users: {
      columns: ["id", "email", "name", "role", "two_factor_enabled", "banned"],
      unnoticed: { insert: "a user is kept only with a session of his, which is made after him" },
    },
  },
};
/** How long an entry is trusted at most, even with no notice (a bound, not the mechanism: notices end entries). */
const ENTRY_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  user: SignedInUser;
  userId: string;
  sessionId: string;
  /** When the session expires and when it was last refreshed (epoch ms): checked on every read. */
  expiresAt: number;
  updatedAt: number;
}

/**
 * Who a session token (or a JWT's session id) belongs to, kept in this process so that most requests skip the session
 * query (issue 20): a cache ended by PostgreSQL's notices (db/noticed-cache.ts), exact, not "eventually".
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
  /** Resolves once this process has applied every notice committed before the call (see NoticedCache.sync). */
  sync(): Promise<void>;
  size(): number;
}

export function createSessionCache({ pool, listener, log }: { pool: pg.Pool; listener: PgListener; log: Logger }): SessionCache {
  const cache = createNoticedCache<CachedSession>({
    pool,
    listener,
    log,
    channel: SESSIONS_CHANNEL,
    tagPrefixes: ["s:", "u:"],
    entryMs: ENTRY_MS,
    maxEntries: MAX_ENTRIES,
    usable: (session, now) => session.expiresAt > now,
  });
  return {
    get: cache.get,
    ticket: cache.ticket,
    remember: (ticket, key, session) => cache.remember(ticket, key, session, [`s:${session.sessionId}`, `u:${session.userId}`]),
    forgetUser: (userId) => cache.forget(`u:${userId}`),
    clear: cache.clear,
    sync: cache.sync,
    size: cache.size,
  };
}

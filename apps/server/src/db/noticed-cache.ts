import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Logger } from "../logger";
import type { PgListener } from "../realtime/listener";

/** How long sync() waits for its own notice before it empties the cache instead. */
const SYNC_TIMEOUT_MS = 2_000;
/** A notice that every entry ends (a change no tag describes). */
export const EVERYTHING = "*";

/**
 * What a cache reads from one table, written beside the cache: test/cache-notices.test.ts checks that a trigger on the
 * table notifies the cache's channel when a row is inserted, deleted, or updated in any of these columns.
 */
export interface TableRead {
  /** Every column the kept value depends on: those it holds, and those its query filters and joins on. */
  columns: readonly string[];
  /** Why a row inserted (or deleted) cannot change what is kept, where no notice tells of it. */
  unnoticed?: Partial<Record<"insert" | "delete", string>>;
}

/** A cache's channel and the tables it reads (by their names in PostgreSQL). */
export interface CacheReads {
  channel: string;
  tables: Readonly<Record<string, TableRead>>;
}

/**
 * What a process keeps in memory of rows read on nearly every request, exact rather than "eventually": PostgreSQL's
 * triggers NOTIFY a channel at commit with a tag ("u:<user id>", "s:<session id>"...), and a notice ends every entry
 * that carries its tag, whatever made the change (this process, another one, a job, a statement typed by hand). The
 * cache is used only while this process is LISTENing: when the connection drops, it is emptied and bypassed until the
 * connection is back. A read that started before a notice is never stored after it (the ticket). Entries live at most
 * `entryMs` even with no notice: a bound, not the mechanism.
 */
export interface NoticedCache<V> {
  get(key: string, now?: number): V | undefined;
  /** Taken before reading the database; `remember` stores only when nothing was forgotten since. */
  ticket(): number;
  remember(ticket: number, key: string, value: V, tags: readonly string[]): void;
  /** Ends every entry with this tag at once (a change made through this process, before its answer is sent). */
  forget(tag: string): void;
  clear(): void;
  /**
   * Resolves once this process has applied every notice committed before the call: it sends a notice of its own and
   * waits to hear it (PostgreSQL delivers notices in commit order). For a change made outside this process's own
   * paths, e.g. a test's direct update, whose next request must see it. Empties the cache if the notice is not heard.
   */
  sync(): Promise<void>;
  size(): number;
  /** The kept values' total weight (see `weigh`; 0 without it). */
  weight(): number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
  cachedAt: number;
  weight: number;
}

export function createNoticedCache<V>(options: {
  pool: pg.Pool;
  listener: PgListener;
  log: Logger;
  channel: string;
  /** The tags its triggers send ("u:", "s:"); any other payload empties the cache (and is logged). */
  tagPrefixes: readonly string[];
  entryMs: number;
  maxEntries: number;
  /** Whether an entry may still be used (a session's own expiry, say), besides its age. */
  usable?: (value: V, now: number) => boolean;
  /** With `weigh` (a value's approximate size in bytes), the oldest entries go once the total passes `maxWeight`. */
  weigh?: (value: V) => number;
  maxWeight?: number;
}): NoticedCache<V> {
  const { pool, listener, log, channel, tagPrefixes, entryMs, maxEntries, usable, weigh } = options;
  const maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
  const entries = new Map<string, Entry<V>>();
  // The keys under each tag: a notice ends its entries without looking at the others.
  const tagged = new Map<string, Set<string>>();
  let weight = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.weight;
    for (const tag of entry.tags) {
      const keys = tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) tagged.delete(tag);
    }
  };
  // Sync notices are tagged "y:" and carry an id unique across processes and across the apps one test process may hold.
  const syncs = new Map<string, () => void>();
  // Bumped by every forget: a read that began before it may hold what was just forgotten.
  let generation = 0;

  const forget = (tag: string) => {
    generation += 1;
    for (const key of [...(tagged.get(tag) ?? [])]) drop(key);
  };
  const clear = () => {
    generation += 1;
    entries.clear();
    tagged.clear();
    weight = 0;
  };

  listener.listen(channel, {
    notify(payload) {
      if (payload.startsWith("y:")) syncs.get(payload.slice(2))?.();
      else if (payload === EVERYTHING) clear();
      else if (tagPrefixes.some((prefix) => payload.startsWith(prefix))) forget(payload);
      else {
        log.warn({ channel, payload: payload.slice(0, 100) }, "ignored a malformed cache notice; emptied the cache");
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
      if (now - entry.cachedAt >= entryMs || (usable && !usable(entry.value, now))) {
        drop(key);
        return undefined;
      }
      return entry.value;
    },
    ticket: () => generation,
    remember(ticket, key, value, tags) {
      if (ticket !== generation || !listener.listening()) return;
      const size = weigh ? weigh(value) : 0;
      if (size > maxWeight) return;
      drop(key);
      // The oldest go first (a Map keeps the order entries were set in).
      while (entries.size > 0 && (entries.size >= maxEntries || weight + size > maxWeight)) drop(entries.keys().next().value!);
      entries.set(key, { value, tags, cachedAt: Date.now(), weight: size });
      weight += size;
      for (const tag of tags) {
        const keys = tagged.get(tag);
        if (keys) keys.add(key);
        else tagged.set(tag, new Set([key]));
      }
    },
    forget,
    clear,
    async sync() {
      if (!listener.listening()) return clear();
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        syncs.set(id, () => resolve(true));
        timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      });
      try {
        await pool.query("SELECT pg_notify($1, $2)", [channel, `y:${id}`]);
        if (!(await heard)) clear();
      } catch (error) {
        log.warn({ err: error, channel }, "could not sync a cache with its notices; emptied it");
        clear();
      } finally {
        clearTimeout(timer);
        syncs.delete(id);
      }
    },
    size: () => entries.size,
    weight: () => weight,
  };
}

import type pg from "pg";
import type { Logger } from "../logger";
import type { PgListener } from "../realtime/listener";
import { createNoticedCache, type CacheReads, type NoticedCache } from "./noticed-cache";

/**
 * The channel migrations 0023 and 0027's triggers notify with 'u:<user id>' when a member's own rows change ('*':
 * anyone's).
 */
export const MEMBER_ROWS_CHANNEL = "shepherd_member_rows";

/** One kind of kept rows: its name (the start of its entries' keys) and the tables it reads. */
export interface MemberRowsKind {
  name: string;
  reads: CacheReads;
}

const kinds: MemberRowsKind[] = [];

/**
 * Declares a kind of kept rows, beside the read that loads it: test/cache-notices.test.ts checks every declared kind's
 * tables for the triggers that end it.
 */
export function memberRowsKind(name: string, tables: CacheReads["tables"]): MemberRowsKind {
  const kind = { name, reads: { channel: MEMBER_ROWS_CHANNEL, tables } };
  kinds.push(kind);
  return kind;
}

/** Every kind declared by the modules loaded so far. */
export const memberRowsKinds = (): readonly MemberRowsKind[] => kinds;

const MAX_ENTRIES = 20_000;
/**
 * What the kept rows may weigh in all, roughly, per process: a year of a member's insights days weighs about 125 KB,
 * The Path's rows about 1 KB, so this keeps a few hundred members' years or every active member's plans.
 */
export const MEMBER_ROWS_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A member's own rows that nearly every visit reads, kept in this process (issues 12 and 15): the plans he follows with
 * the days he completed (The Path, its plans' pages, the library), the days his insights chart, and whether he finished
 * onboarding (a page's member hint). Each kind says what it reads where it is read (`memberRowsKind`). Entries end when
 * PostgreSQL says his rows changed (db/noticed-cache.ts), and at once when he writes through this process
 * (`forgetMember`, called for every write request before its answer is sent), so his next read is never late. What is
 * kept is his rows, not an answer: what depends on the hour (his today, which days are open) is worked out on each read.
 * Values are shared by the requests that read them: never change one.
 */
export interface MemberRows {
  /**
   * This member's rows of a kind (`part` tells apart its entries, a range say): from memory, or read (and kept when
   * nothing changed meanwhile).
   */
  read<V>(userId: string, kind: MemberRowsKind, load: () => Promise<V>, part?: string): Promise<V>;
  /** Ends every entry of his at once. */
  forgetMember(userId: string): void;
  sync(): Promise<void>;
  size(): number;
  /** Roughly what the kept rows weigh, in bytes. */
  bytes(): number;
}

export function createMemberRows(options: {
  pool: pg.Pool;
  listener: PgListener;
  log: Logger;
  /** MEMBER_CACHE_SECONDS: the longest an entry is kept even with no notice; 0 turns the cache off. */
  entrySeconds: number;
  maxBytes?: number;
}): MemberRows {
  if (options.entrySeconds <= 0) {
    return {
      read: (_userId, _kind, load) => load(),
      forgetMember: () => undefined,
      sync: async () => undefined,
      size: () => 0,
      bytes: () => 0,
    };
  }
  const cache: NoticedCache<unknown> = createNoticedCache({
    pool: options.pool,
    listener: options.listener,
    log: options.log,
    channel: MEMBER_ROWS_CHANNEL,
    tagPrefixes: ["u:"],
    entryMs: options.entrySeconds * 1000,
    maxEntries: MAX_ENTRIES,
    weigh: approximateBytes,
    maxWeight: options.maxBytes ?? MEMBER_ROWS_MAX_BYTES,
  });
  return {
    async read<V>(userId: string, kind: MemberRowsKind, load: () => Promise<V>, part?: string): Promise<V> {
      const id = part === undefined ? `${userId} ${kind.name}` : `${userId} ${kind.name} ${part}`;
      const kept = cache.get(id);
      if (kept !== undefined) return kept as V;
      const ticket = cache.ticket();
      const value = await load();
      cache.remember(ticket, id, value, [`u:${userId}`]);
      return value;
    },
    forgetMember: (userId) => cache.forget(`u:${userId}`),
    sync: cache.sync,
    size: cache.size,
    bytes: cache.weight,
  };
}

/** Roughly what a value of rows takes in memory: strings at two bytes a character, anything else at eight. */
function approximateBytes(value: unknown): number {
  if (typeof value === "string") return 16 + 2 * value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + approximateBytes(item), 16);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.values(value).reduce((sum: number, item) => sum + approximateBytes(item), 16);
  }
  return 8;
}

import type pg from "pg";
import type { RealtimeEvent } from "@shepherd/shared";
import type { Logger } from "../logger";
import type { LiveConnections } from "./live-connections";
import type { PgListener } from "./listener";
import { encodeNotice, REALTIME_CHANNEL, type Notice } from "./notice";

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const NOTIFY_PAYLOAD_MAX_BYTES = 7999;

export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * Pushes "your notifications changed" to the signed-in user's open browsers, across server processes: a change is
 * published with pg_notify on one channel, and every process (this one too) delivers what its LISTEN connection
 * (realtime/listener.ts) hears to its own subscribers, so delivery is the same whichever process wrote the change.
 */
export interface RealtimeHub {
  /** Tells every process; never throws (a failed publish is logged: the rows are written, the next refetch shows them). */
  publish(userId: string, event: RealtimeEvent): Promise<void>;
  /**
   * Listens for one user's events in this process. `onClose` runs when the hub closes, or when this stream is among
   * his oldest beyond MAX_STREAMS_PER_MEMBER across every process. `counted` settles once that was checked.
   */
  subscribe(userId: string, listener: RealtimeListener, onClose?: () => void): { counted: Promise<void>; unsubscribe(): void };
  /** How many subscriptions this process holds. */
  connections(): number;
  /** How many event streams this member has open in this process (other processes' streams are not known here). */
  streamsOf(userId: string): number;
  /**
   * Hears every notice this process's LISTEN connection delivers, whoever it is for (the mention pushes, issue 18).
   * Returns the stop function.
   */
  watch(listener: (userId: string, event: RealtimeEvent) => void): () => void;
  /** Tells every subscriber to close (so open streams do not hold a shutdown). */
  close(): Promise<void>;
}

interface Subscription {
  listener: RealtimeListener;
  onClose: (() => void) | undefined;
}

const CHANGES = new Set(["insert", "update", "delete"]);

function parseNotice(payload: string): Notice | null {
  try {
    const value = JSON.parse(payload) as { userId?: unknown; event?: { type?: unknown; change?: unknown } };
    const event = value.event;
    if (typeof value.userId !== "string" || event?.type !== "notifications" || !CHANGES.has(event.change as string)) {
      return null;
    }
    return { userId: value.userId, event: { type: "notifications", change: event.change as RealtimeEvent["change"] } };
  } catch {
    return null;
  }
}

/**
 * Open event streams one member may hold (tabs and devices), across every process and machine (issue 19; issue 40 made
 * it hold across processes: realtime/live-connections.ts).
 */
export const MAX_STREAMS_PER_MEMBER = 8;

export function createRealtimeHub({
  pool,
  listener,
  live,
  log,
}: {
  pool: pg.Pool;
  listener: PgListener;
  live: LiveConnections;
  log: Logger;
}): RealtimeHub {
  const byUser = new Map<string, Set<Subscription>>();
  const watchers = new Set<(userId: string, event: RealtimeEvent) => void>();
  let count = 0;
  let closed = false;

  const deliver = (userId: string, event: RealtimeEvent) => {
    const subscriptions = byUser.get(userId);
    if (!subscriptions) return;
    for (const subscription of [...subscriptions]) {
      try {
        subscription.listener(event);
      } catch (error) {
        log.error({ err: error }, "a realtime listener failed");
      }
    }
  };

  listener.listen(REALTIME_CHANNEL, {
    notify(payload) {
      const notice = parseNotice(payload);
      if (!notice) {
        log.warn({ payload: payload.slice(0, 200) }, "ignored a malformed realtime notice");
        return;
      }
      deliver(notice.userId, notice.event);
      for (const watcher of [...watchers]) {
        try {
          watcher(notice.userId, notice.event);
        } catch (error) {
          log.error({ err: error }, "a realtime watcher failed");
        }
      }
    },
    // Changes published while we were not listening were missed: every open browser refetches once.
    reconnected() {
      for (const userId of [...byUser.keys()]) deliver(userId, { type: "notifications", change: "update" });
    },
  });

  return {
    async publish(userId, event) {
      const payload = encodeNotice({ userId, event });
      if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_MAX_BYTES) {
        log.error({ userId, bytes: Buffer.byteLength(payload) }, "realtime: a notice is too large to NOTIFY");
        return;
      }
      try {
        await pool.query("SELECT pg_notify($1, $2)", [REALTIME_CHANNEL, payload]);
      } catch (error) {
        log.error({ err: error, userId }, "realtime: could not publish a change");
      }
    },

    subscribe(userId, listener, onClose) {
      if (closed) {
        onClose?.();
        return { counted: Promise.resolve(), unsubscribe: () => undefined };
      }
      const subscription: Subscription = { listener, onClose };
      let subscriptions = byUser.get(userId);
      if (!subscriptions) {
        subscriptions = new Set();
        byUser.set(userId, subscriptions);
      }
      subscriptions.add(subscription);
      count += 1;
      const remove = () => {
        const set = byUser.get(userId);
        if (!set?.delete(subscription)) return false;
        count -= 1;
        if (set.size === 0) byUser.delete(userId);
        return true;
      };
      // Issue 19: a handful of tabs per member; beyond that his oldest stream is closed, wherever it is (its tab
      // reconnects if it is still open, and then another oldest goes), so one member cannot hold thousands of streams.
      const held = live.open({
        userId,
        kind: "events",
        cap: MAX_STREAMS_PER_MEMBER,
        close: () => {
          if (remove()) subscription.onClose?.();
        },
      });
      return {
        counted: held.counted,
        unsubscribe() {
          remove();
          held.release();
        },
      };
    },

    connections: () => count,

    streamsOf: (userId) => byUser.get(userId)?.size ?? 0,

    watch(listener) {
      watchers.add(listener);
      return () => {
        watchers.delete(listener);
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      const subscriptions = [...byUser.values()].flatMap((set) => [...set]);
      byUser.clear();
      count = 0;
      for (const subscription of subscriptions) {
        try {
          subscription.onClose?.();
        } catch (error) {
          log.error({ err: error }, "a realtime subscriber failed to close");
        }
      }
    },
  };
}

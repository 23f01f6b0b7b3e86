import type pg from "pg";
import type { RealtimeEvent } from "@shepherd/shared";
import type { Logger } from "../logger";
import { encodeNotice, REALTIME_CHANNEL, type Notice } from "./notice";

/** The LISTEN connection's application_name in pg_stat_activity. */
export const REALTIME_APPLICATION_NAME = "shepherd realtime";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const NOTIFY_PAYLOAD_MAX_BYTES = 7999;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** A LISTEN connection that silently died (a half-open TCP connection) is found by a ping that does not answer. */
const PING_EVERY_MS = 30_000;
const PING_TIMEOUT_MS = 10_000;
const CLOSE_WAIT_MS = 2_000;

export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * Pushes "your notifications changed" to the signed-in user's open browsers, across server processes: a change is
 * published with pg_notify on one channel, and every process (this one too) delivers what its LISTEN connection
 * hears to its own subscribers, so delivery is the same whichever process wrote the change.
 */
export interface RealtimeHub {
  /** Opens the dedicated LISTEN connection; it reconnects with backoff when dropped and never throws. */
  start(): Promise<void>;
  /** Tells every process; never throws (a failed publish is logged: the rows are written, the next refetch shows them). */
  publish(userId: string, event: RealtimeEvent): Promise<void>;
  /** Listens for one user's events in this process. `onClose` runs when the hub closes. Returns the unsubscribe. */
  subscribe(userId: string, listener: RealtimeListener, onClose?: () => void): () => void;
  /** How many subscriptions this process holds. */
  connections(): number;
  /** How many event streams this member has open in this process (other processes' streams are not known here). */
  streamsOf(userId: string): number;
  /**
   * Hears every notice this process's LISTEN connection delivers, whoever it is for (the mention pushes, issue 18).
   * Returns the stop function.
   */
  watch(listener: (userId: string, event: RealtimeEvent) => void): () => void;
  /** Ends the LISTEN connection and tells every subscriber to close (so open streams do not hold a shutdown). */
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

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** Open event streams one member may hold in one server process (tabs and devices). */
export const MAX_STREAMS_PER_MEMBER = 8;

export function createRealtimeHub({ pool, log }: { pool: pg.Pool; log: Logger }): RealtimeHub {
  const byUser = new Map<string, Set<Subscription>>();
  const watchers = new Set<(userId: string, event: RealtimeEvent) => void>();
  let count = 0;
  let closed = false;
  let listening: { client: pg.PoolClient; drop: (reason: Error) => void } | null = null;
  let connecting: Promise<void> | null = null;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;

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

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== REALTIME_CHANNEL || !message.payload) return;
    const notice = parseNotice(message.payload);
    if (!notice) {
      log.warn({ payload: message.payload.slice(0, 200) }, "ignored a malformed realtime notice");
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
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const backoff = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures);
    failures += 1;
    const wait = Math.round(backoff / 2 + Math.random() * (backoff / 2));
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, wait);
    retryTimer.unref();
  };

  const ping = async () => {
    const current = listening;
    if (!current) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        current.client.query("SELECT 1"),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer to a ping in ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      current.drop(error instanceof Error ? error : new Error(String(error)));
    } finally {
      clearTimeout(timer);
    }
  };

  const open = async (): Promise<void> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      log.error({ err: error }, "realtime: could not connect to PostgreSQL to LISTEN; retrying");
      scheduleReconnect();
      return;
    }
    let dropped = false;
    const drop = (reason: Error) => {
      if (dropped) return;
      dropped = true;
      client.removeListener("notification", onNotification);
      if (listening?.client === client) listening = null;
      // Releasing with an error destroys the connection instead of returning a LISTENing one to the pool.
      client.release(reason);
      if (!closed) {
        log.warn({ err: reason }, "realtime: the LISTEN connection was lost; reconnecting");
        scheduleReconnect();
      }
    };
    // Stays attached for the client's life: a checked-out client without an error handler would crash the process.
    client.on("error", (error) => drop(error));
    client.on("end", () => drop(new Error("the LISTEN connection ended")));
    client.on("notification", onNotification);
    try {
      // Named, so pg_stat_activity shows which connection is the listener (and tests can find it).
      await client.query(`SET application_name = '${REALTIME_APPLICATION_NAME}'; LISTEN ${REALTIME_CHANNEL}`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) {
      drop(new Error("the realtime hub closed"));
      return;
    }
    const reconnected = failures > 0;
    failures = 0;
    listening = { client, drop };
    if (reconnected) {
      log.info("realtime: listening again");
      // Changes published while we were not listening were missed: every open browser refetches once.
      for (const userId of [...byUser.keys()]) deliver(userId, { type: "notifications", change: "update" });
    }
  };

  const connect = (): Promise<void> => {
    connecting ??= open().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async start() {
      if (closed || listening) return;
      await connect();
      pingTimer ??= setInterval(() => void ping(), PING_EVERY_MS);
      pingTimer.unref();
    },

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
        return () => undefined;
      }
      const subscription: Subscription = { listener, onClose };
      let subscriptions = byUser.get(userId);
      if (!subscriptions) {
        subscriptions = new Set();
        byUser.set(userId, subscriptions);
      }
      subscriptions.add(subscription);
      count += 1;
      // Issue 19: a handful of tabs per member; beyond that the oldest stream is closed (its tab reconnects if it is
      // still open, and then another oldest goes), so one member cannot hold thousands of streams.
      if (subscriptions.size > MAX_STREAMS_PER_MEMBER) {
        const oldest = subscriptions.values().next().value!;
        subscriptions.delete(oldest);
        count -= 1;
        oldest.onClose?.();
      }
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const set = byUser.get(userId);
        if (!set?.delete(subscription)) return;
        count -= 1;
        if (set.size === 0) byUser.delete(userId);
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
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
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
      await connecting;
      const current = listening;
      if (current) {
        const ended = new Promise<void>((resolve) => current.client.once("end", () => resolve()));
        current.drop(new Error("the realtime hub closed"));
        await Promise.race([ended, delay(CLOSE_WAIT_MS)]);
      }
    },
  };
}

import type pg from "pg";
import type { Logger } from "../logger";

/** The LISTEN connection's application_name in pg_stat_activity (tests find it by this name). */
export const LISTENER_APPLICATION_NAME = "shepherd listener";
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** A LISTEN connection that silently died (a half-open TCP connection) is found by a ping that does not answer. */
const PING_EVERY_MS = 30_000;
const PING_TIMEOUT_MS = 10_000;
const CLOSE_WAIT_MS = 2_000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

export interface ChannelHandler {
  /** A notification's payload on the channel. */
  notify(payload: string): void;
  /** The connection is back after it was lost: what was published meanwhile was not heard. */
  reconnected?(): void;
  /** The connection was lost (it is being reopened). */
  lost?(): void;
}

/**
 * One dedicated PostgreSQL connection per process that LISTENs on every channel the process needs (the realtime hub's
 * notices, the gatherings relay's room events, the session cache's invalidations). It reconnects with backoff when
 * dropped, pings to find a half-open connection, tells each channel's handler when it lost and regained the
 * connection, and never throws.
 */
export interface PgListener {
  /** Adds a channel's handler; LISTENs at once when already connected. Call before or after start. */
  listen(channel: string, handler: ChannelHandler): void;
  /** Opens the connection (a failure is retried in the background). */
  start(): Promise<void>;
  /** True while the connection is open and listening on every channel. */
  listening(): boolean;
  close(): Promise<void>;
}

export function createPgListener({ pool, log }: { pool: pg.Pool; log: Logger }): PgListener {
  const handlers = new Map<string, ChannelHandler>();
  let current: { client: pg.PoolClient; drop: (reason: Error) => void } | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let started = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;

  const each = (call: (handler: ChannelHandler, channel: string) => void) => {
    for (const [channel, handler] of handlers) {
      try {
        call(handler, channel);
      } catch (error) {
        log.error({ err: error, channel }, "a LISTEN handler failed");
      }
    }
  };

  const onNotification = (message: pg.Notification) => {
    const handler = handlers.get(message.channel);
    if (!handler || message.payload === undefined) return;
    try {
      handler.notify(message.payload);
    } catch (error) {
      log.error({ err: error, channel: message.channel }, "a LISTEN handler failed");
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
    const open = current;
    if (!open) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        open.client.query("SELECT 1"),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer to a ping in ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      open.drop(error instanceof Error ? error : new Error(String(error)));
    } finally {
      clearTimeout(timer);
    }
  };

  const open = async (): Promise<void> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      log.error({ err: error }, "could not connect to PostgreSQL to LISTEN; retrying");
      scheduleReconnect();
      return;
    }
    let dropped = false;
    const drop = (reason: Error) => {
      if (dropped) return;
      dropped = true;
      client.removeListener("notification", onNotification);
      const wasListening = current?.client === client;
      if (wasListening) current = null;
      // Releasing with an error destroys the connection instead of returning a LISTENing one to the pool.
      client.release(reason);
      if (closed) return;
      log.warn({ err: reason }, "the LISTEN connection was lost; reconnecting");
      if (wasListening) each((handler) => handler.lost?.());
      scheduleReconnect();
    };
    // Stays attached for the client's life: a checked-out client without an error handler would crash the process.
    client.on("error", (error) => drop(error));
    client.on("end", () => drop(new Error("the LISTEN connection ended")));
    client.on("notification", onNotification);
    try {
      const channels = [...handlers.keys()].map((channel) => `LISTEN ${channel}`).join("; ");
      await client.query(`SET application_name = '${LISTENER_APPLICATION_NAME}'${channels ? `; ${channels}` : ""}`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) {
      drop(new Error("the listener closed"));
      return;
    }
    const reconnected = failures > 0;
    failures = 0;
    current = { client, drop };
    if (reconnected) {
      log.info("listening again");
      each((handler) => handler.reconnected?.());
    }
  };

  const connect = (): Promise<void> => {
    connecting ??= open().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    listen(channel, handler) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
      if (handlers.has(channel)) throw new Error(`the channel ${channel} already has a handler`);
      handlers.set(channel, handler);
      const open = current;
      if (open) {
        // The handler exists before the LISTEN is acknowledged, so nothing published after it is missed.
        open.client.query(`LISTEN ${channel}`).catch((error: unknown) => {
          open.drop(error instanceof Error ? error : new Error(String(error)));
        });
      }
    },

    async start() {
      if (closed || started) return;
      started = true;
      await connect();
      pingTimer = setInterval(() => void ping(), PING_EVERY_MS);
      pingTimer.unref();
    },

    listening: () => current !== null,

    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      await connecting;
      const open = current;
      if (!open) return;
      const ended = new Promise<void>((resolve) => open.client.once("end", () => resolve()));
      open.drop(new Error("the listener closed"));
      await Promise.race([ended, delay(CLOSE_WAIT_MS)]);
    },
  };
}

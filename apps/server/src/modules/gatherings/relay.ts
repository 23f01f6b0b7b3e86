import { randomUUID } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import type pg from "pg";
import type { WebSocket } from "ws";
import {
  clientMessage,
  GATHERING_CHAT_BURST,
  GATHERING_CHAT_EVERY_SECONDS,
  GATHERING_SOCKET_BURST,
  GATHERING_SOCKET_PER_SECOND,
  ROOM_CLOSE,
  type ServerMessage,
} from "@shepherd/shared";
import { schema, type Database } from "../../db/client";
import type { Logger } from "../../logger";
import type { LiveConnections } from "../../realtime/live-connections";
import type { PgListener } from "../../realtime/listener";
import { tokenBucket } from "./rate";
import { applyEvent, initialRoom, serversOf, unheldParticipants, type RoomEvent, type RoomState } from "./room";
import { livingServers, markEnded, markStarted, type GatheringRow } from "./service";

/** The one PostgreSQL channel gathering signaling travels on between server processes. */
export const GATHERINGS_CHANNEL = "shepherd_gatherings";
/** Events up to this size ride inside the NOTIFY (its payload must stay under 8000 bytes); larger ones are read back. */
const INLINE_MAX_BYTES = 7000;
const SOCKET_PING_MS = 25_000;
/** A socket refused this many messages for its rate within FLOOD_WINDOW_MS is closed (policy violation). */
const FLOOD_CLOSE_AFTER = 500;
const FLOOD_WINDOW_MS = 10_000;
/** WebSocket's own close code for a policy violation. */
const POLICY_VIOLATION = 1008;
/**
 * Issue 40: gathering sockets one member may hold across every process and machine (a room open on his phone and his
 * laptop, a tab left behind); beyond it his oldest is closed, wherever it is (realtime/live-connections.ts).
 */
export const MAX_GATHERING_SOCKETS_PER_MEMBER = 4;

const { gatheringEvents } = schema;

/** One browser's socket in a room. */
interface Connection {
  peer: string;
  userId: string;
  name: string;
  gathering: GatheringRow;
  socket: WebSocket;
  /** His messages, handled one at a time in the order they came. */
  queue: Promise<void>;
  joined: boolean;
  /** He left, was removed or the room ended: nothing more is published for him. */
  done: boolean;
  alive: boolean;
  /** What he may still send now (GATHERING_SOCKET_*), and chat lines (GATHERING_CHAT_*). */
  messages: ReturnType<typeof tokenBucket>;
  chat: ReturnType<typeof tokenBucket>;
  /** Messages refused for the rate since `refusedSince`, and when he was last told. */
  refused: number;
  refusedSince: number;
  toldAt: number;
}

/** This process's copy of one room: the state replayed from the log, and the peers connected here. */
interface Replica {
  gathering: GatheringRow;
  state: RoomState;
  applied: number;
  /** Catch-ups and applied events, one at a time in order. */
  queue: Promise<void>;
  local: Map<string, Connection>;
}

export interface GatheringRelay {
  /** Takes over an upgraded socket of a member allowed into the room. */
  connect(socket: WebSocket, options: { userId: string; name: string; gathering: GatheringRow }): void;
  /** How many sockets this process holds. */
  connections(): number;
  /** Closes every socket here (their leaves are published). */
  close(): Promise<void>;
}

const send = (socket: WebSocket, message: ServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

export function createGatheringRelay({
  pool,
  db,
  listener,
  live,
  log,
  presenceMs,
}: {
  pool: pg.Pool;
  db: Database;
  listener: PgListener;
  live: LiveConnections;
  log: Logger;
  /** GATHERING_PRESENCE_SECONDS in ms: a server process silent this long is gone, and so are the brothers it held. */
  presenceMs: number;
}): GatheringRelay {
  const rooms = new Map<string, Replica>();
  const connections = new Set<Connection>();
  let closed = false;
  let closing: Promise<void> | undefined;
  /** This process, as the rooms know it: each join it publishes names it, and it shows signs of life in the database. */
  const serverId = randomUUID();
  const showLife = () =>
    pool
      .query(`insert into gathering_servers (id, seen_at) values ($1, now()) on conflict (id) do update set seen_at = now()`, [
        serverId,
      ])
      .then(() => undefined);
  /** Joins wait for the first sign of life, so no process takes this one's brothers for gone. */
  let alive = showLife().catch((error: unknown) => log.warn({ err: error }, "gatherings: could not show this server's life"));
  const lifeTimer = setInterval(() => {
    alive = showLife().catch((error: unknown) => log.warn({ err: error }, "gatherings: could not show this server's life"));
  }, presenceMs / 3);
  lifeTimer.unref();
  const sweepTimer = setInterval(() => {
    for (const replica of rooms.values()) void enqueue(replica, () => sweep(replica));
  }, presenceMs / 2);
  sweepTimer.unref();
  const pingTimer = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, SOCKET_PING_MS);
  pingTimer.unref();

  /** Writes the event as the room's next numbered one and tells every process, in one statement (one transaction). */
  const publish = async (gatheringId: string, userId: string, event: RoomEvent): Promise<void> => {
    const payload = JSON.stringify(event);
    await pool.query(
      `with next as (update gatherings set event_seq = event_seq + 1 where id = $1 returning event_seq),
            written as (insert into gathering_events (gathering_id, seq, user_id, kind, payload)
                        select $1, event_seq, $2, $3, $4::text::jsonb from next returning seq)
       select pg_notify($5, json_build_object('g', $1::text, 's', seq, 'e', $6::text::json)::text) from written`,
      [
        gatheringId,
        userId,
        event.kind,
        payload,
        GATHERINGS_CHANNEL,
        Buffer.byteLength(payload) <= INLINE_MAX_BYTES ? payload : null,
      ],
    );
  };

  const deliver = (replica: Replica, event: RoomEvent, seq: number) => {
    const { state, effects } = applyEvent(replica.state, event);
    replica.state = state;
    replica.applied = seq;
    for (const effect of effects) {
      const connection = replica.local.get(effect.to);
      if (!connection) continue;
      if (effect.message.type === "welcome") connection.joined = true;
      send(connection.socket, effect.message);
      if (effect.close) {
        connection.done = true;
        connection.socket.close(ROOM_CLOSE[effect.close], effect.close);
      }
    }
  };

  /** Applies the room's events after the last one applied: the one a NOTIFY carried, or those read from the log. */
  const catchUp = async (replica: Replica, inline?: { seq: number; event: RoomEvent }) => {
    if (inline && inline.seq <= replica.applied) return;
    if (inline && inline.seq === replica.applied + 1) {
      deliver(replica, inline.event, inline.seq);
      return;
    }
    const rows = await db
      .select({ seq: gatheringEvents.seq, payload: gatheringEvents.payload })
      .from(gatheringEvents)
      .where(and(eq(gatheringEvents.gatheringId, replica.gathering.id), gt(gatheringEvents.seq, replica.applied)))
      .orderBy(asc(gatheringEvents.seq));
    for (const row of rows) deliver(replica, row.payload as RoomEvent, row.seq);
  };

  const enqueue = (replica: Replica, work: () => Promise<void>) => {
    replica.queue = replica.queue
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, "gatherings: a room update failed"));
    return replica.queue;
  };

  /**
   * Takes out of the room the brothers held by a server process that shows no more life (killed outright, it could
   * not say they left): each such leave is published once it is seen, by whichever process sees it first (a second
   * leave of the same brother changes nothing).
   */
  const sweep = async (replica: Replica): Promise<void> => {
    const others = serversOf(replica.state).filter((id) => id !== serverId);
    const living = await livingServers(db, others, presenceMs);
    living.add(serverId);
    for (const participant of unheldParticipants(replica.state, living)) {
      if (replica.local.has(participant.peer)) continue;
      log.info({ gathering: replica.gathering.id, peer: participant.peer }, "gatherings: a brother's server is gone");
      await publish(replica.gathering.id, participant.user_id, { kind: "leave", peer: participant.peer });
    }
  };

  listener.listen(GATHERINGS_CHANNEL, {
    notify(payload) {
      let notice: { g?: unknown; s?: unknown; e?: unknown };
      try {
        notice = JSON.parse(payload) as typeof notice;
      } catch {
        return;
      }
      if (typeof notice.g !== "string" || typeof notice.s !== "number") return;
      const replica = rooms.get(notice.g);
      if (!replica) return;
      const inline = notice.e ? { seq: notice.s, event: notice.e as RoomEvent } : undefined;
      void enqueue(replica, () => catchUp(replica, inline));
    },
    // Whatever was published while we were not listening is in the log.
    reconnected() {
      for (const replica of rooms.values()) void enqueue(replica, () => catchUp(replica));
    },
  });

  const replicaFor = (gathering: GatheringRow): Replica => {
    let replica = rooms.get(gathering.id);
    if (!replica) {
      replica = { gathering, state: initialRoom(gathering.hostId), applied: 0, queue: Promise.resolve(), local: new Map() };
      rooms.set(gathering.id, replica);
      const created = replica;
      void enqueue(created, () => catchUp(created));
      // Brothers left behind by a server that is gone go before a newcomer is welcomed among them.
      void enqueue(created, () => sweep(created));
    }
    return replica;
  };

  const release = (replica: Replica) => {
    void enqueue(replica, async () => {
      if (replica.local.size === 0 && rooms.get(replica.gathering.id) === replica) rooms.delete(replica.gathering.id);
    });
  };

  const handle = async (connection: Connection, raw: string) => {
    const { gathering, peer, userId } = connection;
    let parsed;
    try {
      parsed = clientMessage.safeParse(JSON.parse(raw));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      const message = parsed?.error.issues[0]?.message ?? "That message is not valid JSON.";
      send(connection.socket, { type: "error", code: "invalid", message });
      return;
    }
    if (connection.done) return;
    const input = parsed.data;
    if (input.type === "chat" && !connection.chat.take()) {
      send(connection.socket, { type: "error", code: "slow-down", message: "You are sending messages too fast. Wait a moment." });
      return;
    }
    const at = new Date().toISOString();
    switch (input.type) {
      case "join":
        if (connection.joined) return;
        if (userId === gathering.hostId) await markStarted(db, gathering);
        await alive;
        await publish(gathering.id, userId, {
          kind: "join",
          peer,
          userId,
          name: connection.name,
          muted: input.muted,
          cameraOff: input.camera_off,
          at,
          server: serverId,
        });
        return;
      case "signal":
        return publish(gathering.id, userId, { kind: "signal", from: peer, to: input.to, signal: input.kind, data: input.data });
      case "chat":
        return publish(gathering.id, userId, { kind: "chat", peer, id: randomUUID(), text: input.text, at });
      case "state":
        return publish(gathering.id, userId, {
          kind: "state",
          peer,
          muted: input.muted,
          cameraOff: input.camera_off,
          hand: input.hand,
        });
      case "mute":
        return publish(gathering.id, userId, { kind: "mute", by: peer, target: input.peer });
      case "remove":
        return publish(gathering.id, userId, { kind: "remove", by: peer, target: input.peer });
      case "end":
        if (userId !== gathering.hostId) {
          send(connection.socket, { type: "error", code: "not-host", message: "Only the host can end the gathering." });
          return;
        }
        await markEnded(db, gathering.id);
        return publish(gathering.id, userId, { kind: "end", by: peer });
      case "leave":
        connection.done = true;
        await publish(gathering.id, userId, { kind: "leave", peer });
        connection.socket.close(1000, "left");
        return;
    }
  };

  return {
    connect(socket, options) {
      const connection: Connection = {
        peer: randomUUID(),
        userId: options.userId,
        name: options.name,
        gathering: options.gathering,
        socket,
        queue: Promise.resolve(),
        joined: false,
        done: false,
        alive: true,
        messages: tokenBucket(GATHERING_SOCKET_BURST, GATHERING_SOCKET_PER_SECOND),
        chat: tokenBucket(GATHERING_CHAT_BURST, 1 / GATHERING_CHAT_EVERY_SECONDS),
        refused: 0,
        refusedSince: 0,
        toldAt: -Infinity,
      };
      if (closed) {
        socket.close(1001, "the server is stopping");
        return;
      }
      connections.add(connection);
      const held = live.open({
        userId: options.userId,
        kind: "gathering",
        cap: MAX_GATHERING_SOCKETS_PER_MEMBER,
        close: () => socket.close(POLICY_VIOLATION, "too many gathering sockets"),
      });
      const replica = replicaFor(options.gathering);
      replica.local.set(connection.peer, connection);
      const run = (work: () => Promise<void>) => {
        connection.queue = connection.queue.then(work).catch((error: unknown) => {
          log.error({ err: error }, "gatherings: a signaling message failed");
          send(socket, { type: "error", code: "invalid", message: "That did not go through. Please try again." });
        });
      };
      socket.on("pong", () => {
        connection.alive = true;
      });
      socket.on("message", (data, isBinary) => {
        if (isBinary) return;
        // Past his bucket a message is dropped (he is told at most once a second); a socket that goes on is closed.
        if (connection.refused >= FLOOD_CLOSE_AFTER) return;
        if (!connection.messages.take()) {
          const now = performance.now();
          if (now - connection.refusedSince > FLOOD_WINDOW_MS) {
            connection.refusedSince = now;
            connection.refused = 0;
          }
          connection.refused += 1;
          if (connection.refused >= FLOOD_CLOSE_AFTER) {
            socket.close(POLICY_VIOLATION, "too many messages");
          } else if (now - connection.toldAt > 1000) {
            connection.toldAt = now;
            send(socket, { type: "error", code: "slow-down", message: "Too many messages at once. Wait a moment." });
          }
          return;
        }
        const text = Array.isArray(data)
          ? Buffer.concat(data).toString("utf8")
          : Buffer.from(data as ArrayBuffer).toString("utf8");
        run(() => handle(connection, text));
      });
      socket.on("error", (error) => log.warn({ err: error }, "gatherings: a socket failed"));
      socket.on("close", () => {
        connections.delete(connection);
        held.release();
        run(async () => {
          if (!connection.done && !closed) {
            connection.done = true;
            await publish(connection.gathering.id, connection.userId, { kind: "leave", peer: connection.peer });
          }
        });
        void connection.queue.then(() => {
          replica.local.delete(connection.peer);
          release(replica);
        });
      });
    },

    connections: () => connections.size,

    close() {
      closing ??= shutDown();
      return closing;
    },
  };

  async function shutDown(): Promise<void> {
    {
      // Everyone here leaves the rooms (the other processes' peers see them go), then the sockets close.
      const open = [...connections];
      await Promise.all(
        open
          .filter((c) => !c.done)
          .map(async (c) => {
            c.done = true;
            await publish(c.gathering.id, c.userId, { kind: "leave", peer: c.peer }).catch(() => undefined);
          }),
      );
      closed = true;
      clearInterval(pingTimer);
      clearInterval(lifeTimer);
      clearInterval(sweepTimer);
      for (const c of open) c.socket.close(1001, "the server is stopping");
      await pool.query(`delete from gathering_servers where id = $1`, [serverId]).catch(() => undefined);
    }
  }
}

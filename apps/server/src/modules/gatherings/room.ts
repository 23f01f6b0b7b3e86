import {
  GATHERING_CAPACITY,
  GATHERING_CHAT_KEPT,
  type RoomChatMessage,
  type RoomParticipant,
  type ServerMessage,
  type SignalKind,
} from "@shepherd/shared";

/**
 * The room's signaling state machine, pure: a room's state and one event in, the next state and what to send out.
 * Every server process applies the same numbered events (gathering_events, in order) to its own copy, so every
 * process holds the same room and each one delivers the effects for the peers connected to it.
 */

export interface RoomState {
  /** The gathering's host (a user id): he may mute, remove and end. */
  hostId: string;
  ended: boolean;
  participants: RoomParticipant[];
  chat: RoomChatMessage[];
  /** Users the host removed: they may not come back into this gathering. */
  removed: string[];
  /**
   * The server process holding each participant's socket (his join's `server`): a process that stops without a word
   * (killed outright) stops showing signs of life, and the others then take its participants out (relay.ts).
   */
  servers: Record<string, string>;
}

export type RoomEvent =
  | {
      kind: "join";
      peer: string;
      userId: string;
      name: string;
      muted: boolean;
      cameraOff: boolean;
      at: string;
      /** The server process holding his socket (events written before it was recorded have none). */
      server?: string;
    }
  | { kind: "leave"; peer: string }
  | { kind: "signal"; from: string; to: string; signal: SignalKind; data: unknown }
  | { kind: "chat"; peer: string; id: string; text: string; at: string }
  | { kind: "state"; peer: string; muted?: boolean; cameraOff?: boolean; hand?: boolean }
  | { kind: "mute"; by: string; target: string }
  | { kind: "remove"; by: string; target: string }
  | { kind: "end"; by: string };

/** A message for one peer; `close` ends that peer's socket after the message (with the room's close code). */
export interface Effect {
  to: string;
  message: ServerMessage;
  close?: "ended" | "removed" | "full" | "refused";
}

export interface Transition {
  state: RoomState;
  effects: Effect[];
}

export function initialRoom(hostId: string, ended = false): RoomState {
  return { hostId, ended, participants: [], chat: [], removed: [], servers: {} };
}

const find = (state: RoomState, peer: string) => state.participants.find((p) => p.peer === peer);
const others = (state: RoomState, peer: string) => state.participants.filter((p) => p.peer !== peer);
const broadcast = (people: RoomParticipant[], message: ServerMessage): Effect[] => people.map((p) => ({ to: p.peer, message }));
const stateMessage = (p: RoomParticipant): ServerMessage => ({
  type: "state",
  peer: p.peer,
  muted: p.muted,
  camera_off: p.camera_off,
  hand: p.hand,
});
const refuse = (
  to: string,
  code: Extract<ServerMessage, { type: "error" }>["code"],
  message: string,
  close?: Effect["close"],
): Effect => ({
  to,
  message: { type: "error", code, message },
  close,
});

/** Whether the person who sent `by` (a peer) is the host. */
const isHost = (state: RoomState, by: string) => find(state, by)?.user_id === state.hostId;

export function applyEvent(state: RoomState, event: RoomEvent): Transition {
  const same: Transition = { state, effects: [] };
  switch (event.kind) {
    case "join": {
      if (find(state, event.peer)) return same;
      if (state.ended) return { state, effects: [refuse(event.peer, "ended", "This gathering has ended.", "ended")] };
      if (state.removed.includes(event.userId)) {
        return { state, effects: [refuse(event.peer, "removed", "The host removed you from this gathering.", "removed")] };
      }
      if (state.participants.length >= GATHERING_CAPACITY) {
        return {
          state,
          effects: [refuse(event.peer, "full", `This gathering is full: ${GATHERING_CAPACITY} brothers are inside.`, "full")],
        };
      }
      const participant: RoomParticipant = {
        peer: event.peer,
        user_id: event.userId,
        name: event.name,
        muted: event.muted,
        camera_off: event.cameraOff,
        hand: false,
        joined_at: event.at,
      };
      const next = {
        ...state,
        participants: [...state.participants, participant],
        servers: event.server ? { ...state.servers, [event.peer]: event.server } : state.servers,
      };
      return {
        state: next,
        effects: [
          {
            to: event.peer,
            message: {
              type: "welcome",
              you: event.peer,
              host_id: state.hostId,
              participants: next.participants,
              chat: state.chat,
            },
          },
          ...broadcast(state.participants, { type: "joined", participant }),
        ],
      };
    }
    case "leave": {
      if (!find(state, event.peer)) return same;
      const { [event.peer]: _gone, ...servers } = state.servers;
      const next = { ...state, participants: others(state, event.peer), servers };
      return { state: next, effects: broadcast(next.participants, { type: "left", peer: event.peer, reason: "left" }) };
    }
    case "signal": {
      if (state.ended || !find(state, event.from)) return same;
      if (!find(state, event.to)) {
        return { state, effects: [refuse(event.from, "gone", "That brother has left the gathering.")] };
      }
      return {
        state,
        effects: [{ to: event.to, message: { type: "signal", from: event.from, kind: event.signal, data: event.data } }],
      };
    }
    case "chat": {
      const from = find(state, event.peer);
      if (state.ended || !from) return same;
      const message: RoomChatMessage = {
        id: event.id,
        peer: from.peer,
        user_id: from.user_id,
        name: from.name,
        text: event.text,
        at: event.at,
      };
      const next = { ...state, chat: [...state.chat, message].slice(-GATHERING_CHAT_KEPT) };
      return { state: next, effects: broadcast(state.participants, { type: "chat", message }) };
    }
    case "state": {
      const from = find(state, event.peer);
      if (state.ended || !from) return same;
      const updated: RoomParticipant = {
        ...from,
        muted: event.muted ?? from.muted,
        camera_off: event.cameraOff ?? from.camera_off,
        hand: event.hand ?? from.hand,
      };
      const next = { ...state, participants: state.participants.map((p) => (p.peer === from.peer ? updated : p)) };
      return { state: next, effects: broadcast(next.participants, stateMessage(updated)) };
    }
    case "mute": {
      if (state.ended || !find(state, event.by)) return same;
      if (!isHost(state, event.by))
        return { state, effects: [refuse(event.by, "not-host", "Only the host can mute a brother.")] };
      const target = find(state, event.target);
      if (!target) return { state, effects: [refuse(event.by, "gone", "That brother has left the gathering.")] };
      return { state, effects: [{ to: target.peer, message: { type: "mute-request", by: event.by } }] };
    }
    case "remove": {
      if (state.ended || !find(state, event.by)) return same;
      if (!isHost(state, event.by))
        return { state, effects: [refuse(event.by, "not-host", "Only the host can remove a brother.")] };
      const target = find(state, event.target);
      if (!target) return { state, effects: [refuse(event.by, "gone", "That brother has left the gathering.")] };
      if (target.user_id === state.hostId)
        return { state, effects: [refuse(event.by, "invalid", "The host cannot remove himself.")] };
      // Every connection of the removed brother goes, not only the one the host pointed at.
      const gone = state.participants.filter((p) => p.user_id === target.user_id);
      const remaining = state.participants.filter((p) => p.user_id !== target.user_id);
      const removed = state.removed.includes(target.user_id) ? state.removed : [...state.removed, target.user_id];
      return {
        state: { ...state, participants: remaining, removed },
        effects: [
          ...gone.map((p): Effect => ({ to: p.peer, message: { type: "removed" }, close: "removed" })),
          ...gone.flatMap((p) => broadcast(remaining, { type: "left", peer: p.peer, reason: "removed" })),
        ],
      };
    }
    case "end": {
      if (state.ended || !find(state, event.by)) return same;
      if (!isHost(state, event.by))
        return { state, effects: [refuse(event.by, "not-host", "Only the host can end the gathering.")] };
      return {
        state: { ...state, ended: true, participants: [] },
        effects: state.participants.map((p): Effect => ({ to: p.peer, message: { type: "ended" }, close: "ended" })),
      };
    }
  }
}

/** The participants whose socket is held by none of the `alive` server processes (or by one never recorded). */
export function unheldParticipants(state: RoomState, alive: ReadonlySet<string>): RoomParticipant[] {
  return state.participants.filter((p) => {
    const server = state.servers[p.peer];
    return server === undefined || !alive.has(server);
  });
}

/** The server processes the room's participants are held by. */
export function serversOf(state: RoomState): string[] {
  return [...new Set(Object.values(state.servers))];
}

/** The room after a sequence of events (what a process that starts following a room replays from the log). */
export function replay(state: RoomState, events: Iterable<RoomEvent>): RoomState {
  let current = state;
  for (const event of events) current = applyEvent(current, event).state;
  return current;
}

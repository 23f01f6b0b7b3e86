import { z } from "zod";

/**
 * Live video gatherings (docs/gatherings.md): a flock meets face to face over WebRTC (a full mesh of up to six), with
 * our own signaling over a WebSocket, or on LiveKit when it is configured. What travels on the socket is typed here.
 */

/** A full mesh sends every camera to every other peer: six is as far as a phone's uplink and CPU go. */
export const GATHERING_CAPACITY = 6;
export const GATHERING_TITLE_MIN = 3;
export const GATHERING_TITLE_MAX = 80;
export const GATHERING_CHAT_MAX = 500;
/** The chat lines a room keeps for someone who joins late (the room's state, replayed from its log). */
export const GATHERING_CHAT_KEPT = 100;
/** A gathering can be scheduled at most this far ahead. */
export const GATHERING_SCHEDULE_MAX_DAYS = 90;
/** A live gathering nobody ended is over this long after it started. */
export const GATHERING_MAX_HOURS = 12;
/** Its chat and signaling log are deleted this long after it ends. */
export const GATHERING_LOG_KEPT_HOURS = 1;
/**
 * What one socket may send: a bucket of this many messages, refilled at the rate per second (joining a full mesh of
 * six is a burst of offers, answers and candidates to five brothers; a person never comes near it).
 */
export const GATHERING_SOCKET_BURST = 200;
export const GATHERING_SOCKET_PER_SECOND = 50;
/** Chat lines: a bucket of this many, one more every this many seconds. */
export const GATHERING_CHAT_BURST = 10;
export const GATHERING_CHAT_EVERY_SECONDS = 1;
/** The path of the signaling WebSocket: /api/gatherings/{roomName}/ws. */
export const GATHERING_WS_PATH = /^\/api\/gatherings\/([a-z0-9]{12,32})\/ws$/;
export const ROOM_NAME = /^[a-z0-9]{12,32}$/;

export type GatheringStatus = "scheduled" | "live" | "ended";

export interface GatheringPerson {
  id: string;
  display_name: string | null;
  username: string | null;
  avatar_url: string | null;
}

export interface GatheringSummary {
  id: string;
  room_name: string;
  title: string;
  flock: { id: string; name: string };
  host: GatheringPerson;
  /** ISO instant. */
  starts_at: string;
  /** The host's IANA time zone: the time is shown in it beside the member's own. */
  time_zone: string;
  status: GatheringStatus;
  started_at: string | null;
  ended_at: string | null;
  series_session: { id: string; series_title: string; title: string; position: number } | null;
}

export interface GatheringInsidePerson {
  user_id: string;
  name: string;
}

/** What the pre-join screen and the room read before they connect. */
export interface GatheringDetail extends GatheringSummary {
  is_host: boolean;
  /** Who is in the room now. */
  inside: GatheringInsidePerson[];
  capacity: number;
  /** The series session's discussion questions, shown beside the video. */
  questions: string[];
  passage: string | null;
  /** "mesh" (our signaling and peer-to-peer media) or "livekit" (media through the LiveKit server). */
  media: "mesh" | "livekit";
  ice_servers: IceServer[];
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface GatheringList {
  items: GatheringSummary[];
  /** May he host (schedule or start) gatherings: Premium members may. */
  can_host: boolean;
}

const noNul = (value: string) => !value.includes("\u0000");

export const gatheringInput = z
  .object({
    flock_id: z.uuid("Choose one of your flocks"),
    title: z
      .string({ error: "The gathering's title must be text" })
      .trim()
      .min(GATHERING_TITLE_MIN, `A gathering's title must be at least ${GATHERING_TITLE_MIN} characters`)
      .max(GATHERING_TITLE_MAX, `A gathering's title must be ${GATHERING_TITLE_MAX} characters or less`)
      .refine(noNul, "The title cannot contain a NUL character"),
    /** ISO instant; absent means "start now". */
    starts_at: z.iso.datetime({ offset: true, error: "Pick a date and time for the gathering" }).optional(),
    time_zone: z
      .string()
      .max(64)
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat("en-US", { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, "That time zone is not one we know"),
    series_session_id: z.uuid("That series session is not valid").optional(),
  })
  .strict();
export type GatheringInput = z.infer<typeof gatheringInput>;

export const gatheringListQuery = z.object({ flock: z.uuid("That flock is not valid").optional() }).strict();

/** A participant as the room shows him. `peer` names one connection (a second tab is a second peer). */
export interface RoomParticipant {
  peer: string;
  user_id: string;
  name: string;
  muted: boolean;
  camera_off: boolean;
  hand: boolean;
  joined_at: string;
}

export interface RoomChatMessage {
  id: string;
  peer: string;
  user_id: string;
  name: string;
  text: string;
  at: string;
}

export type SignalKind = "offer" | "answer" | "candidate";

/** What a browser sends on the socket. */
export type ClientMessage =
  | { type: "join"; muted: boolean; camera_off: boolean }
  | { type: "signal"; to: string; kind: SignalKind; data: unknown }
  | { type: "chat"; text: string }
  | { type: "state"; muted?: boolean; camera_off?: boolean; hand?: boolean }
  | { type: "mute"; peer: string }
  | { type: "remove"; peer: string }
  | { type: "end" }
  | { type: "leave" };

export const clientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("join"), muted: z.boolean(), camera_off: z.boolean() }).strict(),
  z
    .object({
      type: z.literal("signal"),
      to: z.string().min(1).max(64),
      kind: z.enum(["offer", "answer", "candidate"]),
      data: z.unknown(),
    })
    .strict(),
  z
    .object({
      type: z.literal("chat"),
      text: z
        .string()
        .trim()
        .min(1, "Write something first")
        .max(GATHERING_CHAT_MAX, `A message must be ${GATHERING_CHAT_MAX} characters or less`)
        .refine(noNul, "A message cannot contain a NUL character"),
    })
    .strict(),
  z
    .object({
      type: z.literal("state"),
      muted: z.boolean().optional(),
      camera_off: z.boolean().optional(),
      hand: z.boolean().optional(),
    })
    .strict(),
  z.object({ type: z.literal("mute"), peer: z.string().min(1).max(64) }).strict(),
  z.object({ type: z.literal("remove"), peer: z.string().min(1).max(64) }).strict(),
  z.object({ type: z.literal("end") }).strict(),
  z.object({ type: z.literal("leave") }).strict(),
]);

/** What the server sends on the socket. */
export type ServerMessage =
  | { type: "welcome"; you: string; host_id: string; participants: RoomParticipant[]; chat: RoomChatMessage[] }
  | { type: "joined"; participant: RoomParticipant }
  | { type: "left"; peer: string; reason: "left" | "removed" }
  | { type: "signal"; from: string; kind: SignalKind; data: unknown }
  | { type: "chat"; message: RoomChatMessage }
  | { type: "state"; peer: string; muted: boolean; camera_off: boolean; hand: boolean }
  | { type: "mute-request"; by: string }
  | { type: "removed" }
  | { type: "ended" }
  | { type: "error"; code: "full" | "ended" | "removed" | "not-host" | "gone" | "invalid" | "slow-down"; message: string };

/** WebSocket close codes the client reads (4000-4999 are the application's). */
export const ROOM_CLOSE = { ended: 4000, removed: 4001, full: 4002, refused: 4003 } as const;

/** "Thursday, March 5 at 7:30 PM" in a time zone. */
export function formatGatheringTime(iso: string, timeZone: string, locale = "en-US"): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat(locale, { weekday: "long", month: "long", day: "numeric", timeZone }).format(date);
  const time = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone }).format(date);
  return `${day} at ${time}`;
}

/** The short name of a time zone at an instant ("EST", "GMT+2"). */
export function timeZoneName(iso: string, timeZone: string, locale = "en-US"): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" }).formatToParts(new Date(iso));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

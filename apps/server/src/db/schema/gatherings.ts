import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { flocks } from "./community";
import { createdAt, uuidPrimaryKey } from "./columns";
import { seriesSessions } from "./series";

/**
 * Live video gatherings (docs/gatherings.md): a flock's meeting, scheduled or started now, optionally around one
 * session of a series. The room is reached by its unguessable `room_name` (/pasture/gathering/{roomName}).
 */
export const gatherings = pgTable(
  "gatherings",
  {
    id: uuidPrimaryKey(),
    roomName: text("room_name").notNull().unique(),
    flockId: uuid("flock_id")
      .notNull()
      .references(() => flocks.id, { onDelete: "cascade" }),
    /** The series session it discusses: its questions show beside the video. */
    seriesSessionId: uuid("series_session_id").references(() => seriesSessions.id, { onDelete: "set null" }),
    /** Who hosts it (mutes, removes, ends); deleting his account deletes his gatherings. */
    hostId: text("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** The host's IANA time zone when he scheduled it: the time is shown in it beside each member's own. */
    timeZone: text("time_zone").notNull(),
    /** When the host first entered the room (it is live from then); null while only scheduled. */
    startedAt: timestamp("started_at", { withTimezone: true }),
    /** When the host ended it for all (or cancelled it before it started). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The last signaling event's number (see gathering_events): each event takes the next under this row's lock. */
    eventSeq: integer("event_seq").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("gatherings_flock_starts_idx").on(t.flockId, t.startsAt), index("gatherings_host_idx").on(t.hostId)],
);

/**
 * The room's signaling log: every command a participant sent (join, leave, offer, answer, candidate, chat, state,
 * mute, remove, end), numbered in order per gathering. Every server process replays it through the same pure state
 * machine (modules/gatherings/room.ts), so processes agree on the room; NOTIFY carries only the number (and small
 * events inline), so SDP of any size fits. Kept until an hour after the gathering ends (docs/gatherings.md).
 */
export const gatheringEvents = pgTable(
  "gathering_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gatheringId: uuid("gathering_id")
      .notNull()
      .references(() => gatherings.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    /** Who sent it: his chat lines are part of his data (export), and leave with his account. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gathering_events_gathering_seq_key").on(t.gatheringId, t.seq),
    index("gathering_events_user_kind_idx").on(t.userId, t.kind),
  ],
);

/**
 * The server processes holding gathering sockets, each with its last sign of life (relay.ts writes it every third of
 * GATHERING_PRESENCE_SECONDS). A process killed outright says nothing to the rooms; once its row is older than the
 * presence window, the other processes take the brothers it held out of their rooms.
 */
export const gatheringServers = pgTable("gathering_servers", {
  id: text("id").primaryKey(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});

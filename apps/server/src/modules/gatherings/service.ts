import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import {
  formatGatheringTime,
  GATHERING_CAPACITY,
  GATHERING_LOG_KEPT_HOURS,
  GATHERING_MAX_HOURS,
  GATHERING_SCHEDULE_MAX_DAYS,
  isPremium,
  PREMIUM_ONLY_MESSAGE,
  timeZoneName,
  type GatheringDetail,
  type GatheringInput,
  type GatheringList,
  type GatheringStatus,
  type GatheringSummary,
  type IceServer,
} from "@shepherd/shared";
import { schema, type Database, type Executor } from "../../db/client";
import { AppError } from "../../errors";
import { publishWithin } from "../../realtime/notice";
import { requireMembership } from "../community/membership";
import { personRef } from "../profiles/people";
import { getSubscriptionRow } from "../subscription/service";
import { decideRoomAccess } from "./access";
import { initialRoom, replay, serversOf, unheldParticipants, type RoomEvent } from "./room";

const { gatherings, gatheringEvents, flocks, flockMembers, profiles, notifications, series, seriesSessions, gatheringServers } =
  schema;

const HOUR_MS = 60 * 60 * 1000;
/** A gathering scheduled a little in the past (a slow form, a clock a minute off) is still accepted. */
const PAST_GRACE_MS = 5 * 60 * 1000;

export type GatheringRow = typeof gatherings.$inferSelect;

/** scheduled until the host first enters; live until ended (or GATHERING_MAX_HOURS after it started); then ended. */
export function gatheringStatus(
  row: Pick<GatheringRow, "startedAt" | "endedAt" | "startsAt">,
  now = new Date(),
): GatheringStatus {
  if (row.endedAt) return "ended";
  const since = row.startedAt ?? row.startsAt;
  if (now.getTime() - since.getTime() > GATHERING_MAX_HOURS * HOUR_MS) return "ended";
  return row.startedAt ? "live" : "scheduled";
}

/** Twelve lowercase letters and digits from 64 random bits: the room's address, not guessable. */
export function newRoomName(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(16);
  let name = "";
  for (const byte of bytes) name += alphabet[byte % alphabet.length];
  return name;
}

const summaryColumns = {
  id: gatherings.id,
  roomName: gatherings.roomName,
  title: gatherings.title,
  flockId: gatherings.flockId,
  flockName: flocks.name,
  hostId: gatherings.hostId,
  displayName: profiles.displayName,
  username: profiles.username,
  avatarUrl: profiles.avatarUrl,
  startsAt: gatherings.startsAt,
  timeZone: gatherings.timeZone,
  startedAt: gatherings.startedAt,
  endedAt: gatherings.endedAt,
  sessionId: seriesSessions.id,
  sessionTitle: seriesSessions.title,
  sessionPosition: seriesSessions.position,
  sessionPassage: seriesSessions.passage,
  sessionQuestions: seriesSessions.questions,
  seriesTitle: series.title,
};

function summaryQuery(db: Executor) {
  return db
    .select(summaryColumns)
    .from(gatherings)
    .innerJoin(flocks, eq(flocks.id, gatherings.flockId))
    .leftJoin(profiles, eq(profiles.id, gatherings.hostId))
    .leftJoin(seriesSessions, eq(seriesSessions.id, gatherings.seriesSessionId))
    .leftJoin(series, eq(series.id, seriesSessions.seriesId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>["execute"]>>[number];

function toSummary(r: SummaryRow, now: Date): GatheringSummary {
  return {
    id: r.id,
    room_name: r.roomName,
    title: r.title,
    flock: { id: r.flockId, name: r.flockName },
    host: personRef({ ...r, userId: r.hostId }),
    starts_at: r.startsAt.toISOString(),
    time_zone: r.timeZone,
    status: gatheringStatus(r, now),
    started_at: r.startedAt?.toISOString() ?? null,
    ended_at: r.endedAt?.toISOString() ?? null,
    series_session:
      r.sessionId && r.seriesTitle && r.sessionTitle
        ? { id: r.sessionId, series_title: r.seriesTitle, title: r.sessionTitle, position: r.sessionPosition ?? 1 }
        : null,
  };
}

async function isPremiumMember(db: Database, userId: string, now: Date): Promise<boolean> {
  return isPremium(await getSubscriptionRow(db, userId), now);
}

/** The flock's members (but the host), each with his time zone, told of a gathering by the bell. */
async function notifyFlock(
  db: Executor,
  options: { gathering: GatheringRow; type: "gathering_scheduled" | "gathering_started" },
): Promise<void> {
  const { gathering } = options;
  const members = await db
    .select({ userId: flockMembers.userId, timeZone: profiles.timeZone })
    .from(flockMembers)
    .leftJoin(profiles, eq(profiles.id, flockMembers.userId))
    .where(
      and(
        eq(flockMembers.flockId, gathering.flockId),
        eq(flockMembers.status, "active"),
        ne(flockMembers.userId, gathering.hostId),
      ),
    );
  if (members.length === 0) return;
  const at = gathering.startsAt.toISOString();
  const inserted = await db
    .insert(notifications)
    .values(
      members.map((m) => {
        const zone = m.timeZone ?? "UTC";
        const when =
          options.type === "gathering_started" ? "now" : `${formatGatheringTime(at, zone)} (${timeZoneName(at, zone)})`;
        return {
          userId: m.userId,
          mentionerId: gathering.hostId,
          type: options.type,
          content: `${gathering.title}: ${when}`,
          sourceId: gathering.id,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ userId: notifications.userId });
  await publishWithin(
    db,
    inserted.map((r) => r.userId),
    { type: "notifications", change: "insert" },
  );
}

/** Schedules a gathering (or starts one now) for one of his flocks: Premium members host; the flock is told. */
export async function createGathering(
  db: Database,
  options: { userId: string; input: GatheringInput; now?: Date },
): Promise<GatheringSummary> {
  const now = options.now ?? new Date();
  const { input } = options;
  await requireMembership(db, { flockId: input.flock_id, userId: options.userId });
  if (!(await isPremiumMember(db, options.userId, now))) throw new AppError("PREMIUM_REQUIRED", PREMIUM_ONLY_MESSAGE);
  const startNow = input.starts_at === undefined;
  const startsAt = startNow ? now : new Date(input.starts_at!);
  if (startsAt.getTime() < now.getTime() - PAST_GRACE_MS) {
    throw new AppError("BAD_REQUEST", "That time has passed. Pick a time from now on, or start the gathering now.");
  }
  if (startsAt.getTime() > now.getTime() + GATHERING_SCHEDULE_MAX_DAYS * 24 * HOUR_MS) {
    throw new AppError("BAD_REQUEST", `A gathering can be scheduled up to ${GATHERING_SCHEDULE_MAX_DAYS} days ahead.`);
  }
  if (input.series_session_id) {
    const [session] = await db
      .select({ id: seriesSessions.id })
      .from(seriesSessions)
      .innerJoin(series, eq(series.id, seriesSessions.seriesId))
      .where(
        and(
          eq(seriesSessions.id, input.series_session_id),
          or(isNull(series.ownerId), eq(series.ownerId, options.userId), eq(series.flockId, input.flock_id)),
        ),
      );
    if (!session) throw new AppError("NOT_FOUND", "That series session was not found.");
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gatherings)
      .values({
        roomName: newRoomName(),
        flockId: input.flock_id,
        seriesSessionId: input.series_session_id ?? null,
        hostId: options.userId,
        title: input.title,
        startsAt,
        timeZone: input.time_zone,
        startedAt: startNow ? now : null,
      })
      .returning();
    await notifyFlock(tx, { gathering: row!, type: startNow ? "gathering_started" : "gathering_scheduled" });
    return row!.id;
  });
  const [row] = await summaryQuery(db).where(eq(gatherings.id, id));
  return toSummary(row!, now);
}

/** His upcoming and live gatherings across his flocks (or one flock's), soonest first. */
export async function listGatherings(
  db: Database,
  options: { userId: string; flockId?: string; now?: Date },
): Promise<GatheringList> {
  const now = options.now ?? new Date();
  if (options.flockId) await requireMembership(db, { flockId: options.flockId, userId: options.userId });
  const cutoff = new Date(now.getTime() - GATHERING_MAX_HOURS * HOUR_MS);
  const myFlocks = db
    .select({ id: flockMembers.flockId })
    .from(flockMembers)
    .where(and(eq(flockMembers.userId, options.userId), eq(flockMembers.status, "active")));
  const rows = await summaryQuery(db)
    .where(
      and(
        inArray(gatherings.flockId, myFlocks),
        options.flockId ? eq(gatherings.flockId, options.flockId) : undefined,
        isNull(gatherings.endedAt),
        gt(sql`coalesce(${gatherings.startedAt}, ${gatherings.startsAt})`, cutoff),
      ),
    )
    .orderBy(asc(gatherings.startsAt), asc(gatherings.id))
    .limit(50);
  return { items: rows.map((r) => toSummary(r, now)), can_host: await isPremiumMember(db, options.userId, now) };
}

/** The gathering at a room name with the asker's standing: the rule of access.ts, as an error when he may not enter. */
export async function requireRoom(
  db: Executor,
  options: { roomName: string; userId: string; now?: Date; allowEnded?: boolean },
): Promise<{ row: GatheringRow; status: GatheringStatus }> {
  const now = options.now ?? new Date();
  const [row] = await db.select().from(gatherings).where(eq(gatherings.roomName, options.roomName));
  const [member] = row
    ? await db
        .select({ userId: flockMembers.userId })
        .from(flockMembers)
        .where(
          and(eq(flockMembers.flockId, row.flockId), eq(flockMembers.userId, options.userId), eq(flockMembers.status, "active")),
        )
    : [];
  const status = row ? gatheringStatus(row, now) : "ended";
  const access = decideRoomAccess({
    signedIn: true,
    exists: Boolean(row),
    member: Boolean(member),
    ended: !options.allowEnded && status === "ended",
  });
  if (!access.allowed) throw new AppError(access.code, access.message);
  return { row: row!, status };
}

/** The room as the log says it is now (who is inside), without the signaling traffic. */
export async function roomFromLog(db: Executor, gathering: GatheringRow): Promise<ReturnType<typeof initialRoom>> {
  const rows = await db
    .select({ payload: gatheringEvents.payload })
    .from(gatheringEvents)
    .where(and(eq(gatheringEvents.gatheringId, gathering.id), ne(gatheringEvents.kind, "signal")))
    .orderBy(asc(gatheringEvents.seq));
  return replay(
    initialRoom(gathering.hostId, gathering.endedAt !== null),
    rows.map((r) => r.payload as RoomEvent),
  );
}

/** Of these server processes, those that have shown life within the presence window (relay.ts). */
export async function livingServers(db: Executor, ids: string[], presenceMs: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: gatheringServers.id })
    .from(gatheringServers)
    .where(
      and(
        inArray(gatheringServers.id, ids),
        gt(gatheringServers.seenAt, sql`now() - make_interval(secs => ${presenceMs / 1000})`),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** What the pre-join screen and the room read: the gathering, who is inside, the session's questions, the media. */
export async function getGathering(
  db: Database,
  options: {
    roomName: string;
    userId: string;
    iceServers: IceServer[];
    livekit: boolean;
    /** GATHERING_PRESENCE_SECONDS in ms: brothers held by a server silent this long are not inside. */
    presenceMs: number;
    now?: Date;
  },
): Promise<GatheringDetail> {
  const now = options.now ?? new Date();
  const { row } = await requireRoom(db, { ...options, allowEnded: true });
  const [summary] = await summaryQuery(db).where(eq(gatherings.id, row.id));
  const room = await roomFromLog(db, row);
  const unheld = new Set(
    unheldParticipants(room, await livingServers(db, serversOf(room), options.presenceMs)).map((p) => p.peer),
  );
  const inside = new Map(
    room.participants.filter((p) => !unheld.has(p.peer)).map((p) => [p.user_id, { user_id: p.user_id, name: p.name }]),
  );
  return {
    ...toSummary(summary!, now),
    is_host: row.hostId === options.userId,
    inside: [...inside.values()],
    capacity: GATHERING_CAPACITY,
    questions: summary!.sessionQuestions ?? [],
    passage: summary!.sessionPassage ?? null,
    media: options.livekit ? "livekit" : "mesh",
    ice_servers: options.iceServers,
  };
}

/** The host entered: a scheduled gathering goes live, and the flock hears that it started. */
export async function markStarted(db: Database, gathering: GatheringRow, now = new Date()): Promise<void> {
  if (gathering.startedAt) return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(gatherings)
      .set({ startedAt: now })
      .where(and(eq(gatherings.id, gathering.id), isNull(gatherings.startedAt)))
      .returning();
    if (row) await notifyFlock(tx, { gathering: row, type: "gathering_started" });
  });
}

export async function markEnded(db: Executor, gatheringId: string, now = new Date()): Promise<void> {
  await db
    .update(gatherings)
    .set({ endedAt: now })
    .where(and(eq(gatherings.id, gatheringId), isNull(gatherings.endedAt)));
}

/** The host cancels (a scheduled one) or ends (a live one) from outside the room. */
export async function endGathering(
  db: Database,
  options: { roomName: string; userId: string; now?: Date },
): Promise<GatheringRow> {
  const { row } = await requireRoom(db, options);
  if (row.hostId !== options.userId) throw new AppError("FORBIDDEN", "Only the host can end this gathering.");
  await markEnded(db, row.id, options.now);
  return row;
}

/** Chat and signaling of gatherings that ended more than GATHERING_LOG_KEPT_HOURS ago are deleted (docs/gatherings.md). */
export async function sweepEndedLogs(db: Executor, now = new Date()): Promise<void> {
  const endedBefore = new Date(now.getTime() - GATHERING_LOG_KEPT_HOURS * HOUR_MS);
  const expiredBefore = new Date(now.getTime() - (GATHERING_MAX_HOURS + GATHERING_LOG_KEPT_HOURS) * HOUR_MS);
  await db.execute(sql`delete from ${gatheringEvents} e using ${gatherings} g
    where e.gathering_id = g.id
      and (g.ended_at < ${endedBefore.toISOString()} or coalesce(g.started_at, g.starts_at) < ${expiredBefore.toISOString()})`);
}

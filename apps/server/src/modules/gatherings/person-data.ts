import { and, desc, eq, sql } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { gatherings, gatheringEvents, flocks } = schema;

/**
 * What gatherings keep about a person: the gatherings he hosts, and his chat lines while a gathering's log is kept
 * (until an hour after it ends). Deleting his account deletes both (host_id and the log's user_id cascade); the
 * signaling itself (offers, answers, candidates) is in the same log and goes with it, but is not "his data" to read.
 */
export const gatheringData: PersonData = {
  export: {
    gatherings_hosted: (db, userId) =>
      db
        .select({
          title: gatherings.title,
          flock: flocks.name,
          starts_at: gatherings.startsAt,
          time_zone: gatherings.timeZone,
          started_at: gatherings.startedAt,
          ended_at: gatherings.endedAt,
        })
        .from(gatherings)
        .innerJoin(flocks, eq(flocks.id, gatherings.flockId))
        .where(eq(gatherings.hostId, userId))
        .orderBy(desc(gatherings.startsAt)),
    gathering_chat: (db, userId) =>
      db
        .select({
          gathering: gatherings.title,
          text: sql<string>`${gatheringEvents.payload}->>'text'`,
          created_at: gatheringEvents.createdAt,
        })
        .from(gatheringEvents)
        .innerJoin(gatherings, eq(gatherings.id, gatheringEvents.gatheringId))
        .where(and(eq(gatheringEvents.userId, userId), eq(gatheringEvents.kind, "chat")))
        .orderBy(desc(gatheringEvents.createdAt)),
  },
};

import { asc, desc, eq } from "drizzle-orm";
import { schema } from "../../db/client";
import { ownFiles, ownRows, type PersonData } from "../../db/person-data";

const { series, seriesSessions, seriesFollows, seriesSessionCompletions, seriesSessionComments } = schema;

/**
 * The series he made (with their sessions), the series he follows, the sessions he marked done and his comments on
 * sessions; all of it goes with him by the cascade (his own series with their sessions, follows and comments).
 */
export const seriesData: PersonData = {
  export: {
    series_made: async (db, userId) => {
      const made = await db
        .select({
          id: series.id,
          title: series.title,
          promise: series.promise,
          description: series.description,
          theme: series.theme,
          created_at: series.createdAt,
          updated_at: series.updatedAt,
        })
        .from(series)
        .where(eq(series.ownerId, userId))
        .orderBy(desc(series.createdAt));
      const sessions = made.length
        ? await db
            .select({
              seriesId: seriesSessions.seriesId,
              position: seriesSessions.position,
              title: seriesSessions.title,
              passage: seriesSessions.passage,
              teaching: seriesSessions.teaching,
              questions: seriesSessions.questions,
              challenge: seriesSessions.challenge,
              prayer: seriesSessions.prayer,
            })
            .from(seriesSessions)
            .innerJoin(series, eq(series.id, seriesSessions.seriesId))
            .where(eq(series.ownerId, userId))
            .orderBy(asc(seriesSessions.seriesId), asc(seriesSessions.position))
        : [];
      return made.map(({ id, ...rest }) => ({
        ...rest,
        sessions: sessions.filter((s) => s.seriesId === id).map(({ seriesId: _seriesId, ...s }) => s),
      }));
    },
    series_followed: (db, userId) =>
      db
        .select({ series: series.title, started_at: seriesFollows.startedAt })
        .from(seriesFollows)
        .innerJoin(series, eq(series.id, seriesFollows.seriesId))
        .where(eq(seriesFollows.userId, userId))
        .orderBy(desc(seriesFollows.startedAt)),
    series_sessions_completed: (db, userId) =>
      db
        .select({
          series: series.title,
          session: seriesSessions.position,
          title: seriesSessions.title,
          completed_at: seriesSessionCompletions.completedAt,
        })
        .from(seriesSessionCompletions)
        .innerJoin(seriesSessions, eq(seriesSessions.id, seriesSessionCompletions.sessionId))
        .innerJoin(series, eq(series.id, seriesSessions.seriesId))
        .where(eq(seriesSessionCompletions.userId, userId))
        .orderBy(desc(seriesSessionCompletions.completedAt)),
    series_session_comments: ownRows(
      seriesSessionComments,
      {
        body: seriesSessionComments.body,
        created_at: seriesSessionComments.createdAt,
        updated_at: seriesSessionComments.updatedAt,
      },
      seriesSessionComments.createdAt,
    ),
  },
  /** The covers of the series he made go with them. */
  beforeDelete: ownFiles(series, { owner: series.ownerId, file: series.imageUrl }),
};

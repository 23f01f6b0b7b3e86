import { and, asc, eq, sql } from "drizzle-orm";
import { PREMIUM_ONLY_MESSAGE, sessionOpen, type SeriesCompletionResult, type SeriesProgress } from "@shepherd/shared";
import { schema, type Database, type Executor } from "../../db/client";
import { AppError } from "../../errors";
import { progressFrom, seriesRow, sessionRow, viewerIsPremium } from "./catalog";

/**
 * Following a series and marking its sessions done (docs/series.md). Following is one row per member and series;
 * marking a session done follows the series too (a man who did session 1 has started it). Unfollowing keeps his marks,
 * so following again picks up where he was.
 */

const { seriesFollows, seriesSessions, seriesSessionCompletions } = schema;

async function progress(db: Executor, options: { userId: string; seriesId: string }): Promise<SeriesProgress> {
  const [follow] = await db
    .select({ startedAt: seriesFollows.startedAt })
    .from(seriesFollows)
    .where(and(eq(seriesFollows.userId, options.userId), eq(seriesFollows.seriesId, options.seriesId)));
  const sessions = await db
    .select({
      id: seriesSessions.id,
      position: seriesSessions.position,
      title: seriesSessions.title,
      done: sql<boolean>`exists (select 1 from ${seriesSessionCompletions} c where c.session_id = ${seriesSessions.id} and c.user_id = ${options.userId})`,
    })
    .from(seriesSessions)
    .where(eq(seriesSessions.seriesId, options.seriesId))
    .orderBy(asc(seriesSessions.position));
  return progressFrom(follow?.startedAt ?? new Date(), sessions);
}

export async function followSeries(db: Database, options: { userId: string; seriesId: string }): Promise<SeriesProgress> {
  await seriesRow(db, options);
  await db.insert(seriesFollows).values({ userId: options.userId, seriesId: options.seriesId }).onConflictDoNothing();
  return progress(db, options);
}

export async function unfollowSeries(db: Database, options: { userId: string; seriesId: string }): Promise<void> {
  await seriesRow(db, options);
  await db
    .delete(seriesFollows)
    .where(and(eq(seriesFollows.userId, options.userId), eq(seriesFollows.seriesId, options.seriesId)));
}

/** Mark a session done (or not): only a session open to me; done follows its series. */
export async function setSessionDone(
  db: Database,
  options: { userId: string; sessionId: string; done: boolean },
): Promise<SeriesCompletionResult> {
  const { session, ownerId } = await sessionRow(db, options);
  const premium = await viewerIsPremium(db, options.userId);
  if (!sessionOpen({ position: session.position, premium, owner: ownerId === options.userId })) {
    throw new AppError("PREMIUM_REQUIRED", PREMIUM_ONLY_MESSAGE);
  }
  const seriesId = session.seriesId;
  await db.transaction(async (tx) => {
    if (options.done) {
      await tx.insert(seriesFollows).values({ userId: options.userId, seriesId }).onConflictDoNothing();
      await tx.insert(seriesSessionCompletions).values({ userId: options.userId, sessionId: session.id }).onConflictDoNothing();
    } else {
      await tx
        .delete(seriesSessionCompletions)
        .where(and(eq(seriesSessionCompletions.userId, options.userId), eq(seriesSessionCompletions.sessionId, session.id)));
    }
  });
  return { completed: options.done, progress: await progress(db, { userId: options.userId, seriesId }) };
}

import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  isPremium,
  sessionOpen,
  type FocusThemeId,
  type MySeries,
  type SeriesDetail,
  type SeriesProgress,
  type SeriesSession,
  type SeriesSource,
  type SeriesSummary,
} from "@shepherd/shared";
import { schema, type Database, type Executor } from "../../db/client";
import { notFound } from "../../errors";
import { memberOfFlock } from "../community/membership";
import { getSubscriptionRow } from "../subscription/service";
import { getPassage } from "../word/text";
import { containing } from "../../db/like";

/**
 * The series library's reads (docs/series.md): which series a member may see, the library by theme and search, his
 * series with their progress, one series with its sessions, one session. A series he may not see is 404, never 403,
 * so its existence is not revealed.
 *
 * Who sees a series: everyone a starter series (a retired one only its followers); its owner a member's own series,
 * and, when he shared it with one of his flocks, that flock's active members.
 */

const { series, seriesSessions, seriesFollows, seriesSessionCompletions, flocks } = schema;

export const SERIES_NOT_FOUND = "That series";
export const SESSION_NOT_FOUND = "That session";

const followedBy = (userId: string) =>
  sql`exists (select 1 from ${seriesFollows} f where f.series_id = ${series.id} and f.user_id = ${userId})`;

/** SQL: the member may see this series (see above). */
export function visibleTo(userId: string): SQL {
  return or(
    and(eq(series.source, "starter"), or(isNull(series.retiredAt), followedBy(userId))),
    eq(series.ownerId, userId),
    and(sql`${series.flockId} is not null`, memberOfFlock(sql`${series.flockId}`, userId)),
  )!;
}

/** SQL: the library offers it (a retired starter series is kept for its followers, not offered). */
function offeredTo(userId: string): SQL {
  return or(
    and(eq(series.source, "starter"), isNull(series.retiredAt)),
    eq(series.ownerId, userId),
    and(sql`${series.flockId} is not null`, memberOfFlock(sql`${series.flockId}`, userId)),
  )!;
}

export async function viewerIsPremium(db: Executor, userId: string, now = new Date()): Promise<boolean> {
  return isPremium(await getSubscriptionRow(db as Database, userId), now);
}

const summaryColumns = {
  id: series.id,
  source: series.source,
  ownerId: series.ownerId,
  theme: series.theme,
  title: series.title,
  promise: series.promise,
  description: series.description,
  sessionCount: series.sessionCount,
  imageUrl: series.imageUrl,
  flockId: series.flockId,
  flockName: flocks.name,
  createdAt: series.createdAt,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]["_"]["data"] | null } & {
  id: string;
  source: string;
  theme: string;
  title: string;
  promise: string;
  description: string;
  sessionCount: number;
};

/** His progress in these series (the ones he follows): one query for the follows, one for the sessions he did. */
async function progressOf(db: Executor, userId: string, seriesIds: string[]): Promise<Map<string, SeriesProgress>> {
  const result = new Map<string, SeriesProgress>();
  if (seriesIds.length === 0) return result;
  const follows = await db
    .select({ seriesId: seriesFollows.seriesId, startedAt: seriesFollows.startedAt })
    .from(seriesFollows)
    .where(and(eq(seriesFollows.userId, userId), inArray(seriesFollows.seriesId, seriesIds)));
  if (follows.length === 0) return result;
  const followed = follows.map((f) => f.seriesId);
  const sessions = await db
    .select({
      id: seriesSessions.id,
      seriesId: seriesSessions.seriesId,
      position: seriesSessions.position,
      title: seriesSessions.title,
      done: sql<boolean>`exists (select 1 from ${seriesSessionCompletions} c where c.session_id = ${seriesSessions.id} and c.user_id = ${userId})`,
    })
    .from(seriesSessions)
    .where(inArray(seriesSessions.seriesId, followed))
    .orderBy(asc(seriesSessions.seriesId), asc(seriesSessions.position));
  for (const follow of follows) {
    const own = sessions.filter((s) => s.seriesId === follow.seriesId);
    result.set(follow.seriesId, progressFrom(follow.startedAt, own));
  }
  return result;
}

export function progressFrom(
  startedAt: Date,
  sessions: Array<{ id: string; position: number; title: string; done: boolean }>,
): SeriesProgress {
  const completed = sessions.filter((s) => s.done).length;
  const next = sessions.find((s) => !s.done);
  return {
    started_at: startedAt.toISOString(),
    completed_count: completed,
    percent: sessions.length ? Math.round((completed / sessions.length) * 100) : 0,
    next_session: next ? { id: next.id, position: next.position, title: next.title } : null,
  };
}

function toSummary(row: SummaryRow, userId: string, progress: SeriesProgress | null): SeriesSummary {
  return {
    id: row.id,
    source: row.source as SeriesSource,
    theme: row.theme as FocusThemeId,
    title: row.title,
    promise: row.promise,
    description: row.description,
    session_count: row.sessionCount,
    image_url: row.imageUrl,
    mine: row.ownerId === userId,
    flock: row.flockId && row.flockName ? { id: row.flockId, name: row.flockName } : null,
    progress,
  };
}

async function summaries(db: Executor, userId: string, where: SQL, order: SQL[]): Promise<SeriesSummary[]> {
  const rows = (await db
    .select(summaryColumns)
    .from(series)
    .leftJoin(flocks, eq(flocks.id, series.flockId))
    .where(where)
    .orderBy(...order)) as SummaryRow[];
  const progress = await progressOf(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toSummary(row, userId, progress.get(row.id) ?? null));
}

/** The library: by theme, and words found in a series' title, description (or promise) or a session's title. */
export async function listSeries(
  db: Database,
  options: { userId: string; theme?: FocusThemeId; q?: string },
): Promise<{ series: SeriesSummary[] }> {
  const conditions = [offeredTo(options.userId)];
  if (options.theme) conditions.push(eq(series.theme, options.theme));
  const q = options.q?.trim();
  if (q) {
    const pattern = containing(q);
    conditions.push(
      or(
        ilike(series.title, pattern),
        ilike(series.description, pattern),
        ilike(series.promise, pattern),
        sql`exists (select 1 from ${seriesSessions} s where s.series_id = ${series.id} and s.title ilike ${pattern})`,
      )!,
    );
  }
  // Starter series first (by title), then members' own, newest first.
  const list = await summaries(db, options.userId, and(...conditions)!, [
    sql`(${series.source} = 'starter') desc`,
    sql`case when ${series.source} = 'starter' then ${series.title} end asc`,
    desc(series.createdAt),
  ]);
  return { series: list };
}

/** My series: the ones I follow (those with a next session first) and the ones I made (newest first). */
export async function mySeries(db: Database, options: { userId: string }): Promise<MySeries> {
  const following = await summaries(db, options.userId, and(visibleTo(options.userId), followedBy(options.userId))!, [
    asc(series.title),
  ]);
  following.sort((a, b) => Number(!a.progress?.next_session) - Number(!b.progress?.next_session));
  const own = await summaries(db, options.userId, eq(series.ownerId, options.userId), [desc(series.createdAt)]);
  return { following, own };
}

/** One series I may see (404 otherwise). */
export async function seriesRow(db: Executor, options: { userId: string; seriesId: string }) {
  const [row] = (await db
    .select(summaryColumns)
    .from(series)
    .leftJoin(flocks, eq(flocks.id, series.flockId))
    .where(and(eq(series.id, options.seriesId), visibleTo(options.userId)))) as SummaryRow[];
  if (!row) throw notFound(SERIES_NOT_FOUND);
  return row;
}

/** A series and its sessions, with what is open to me and what I marked done. */
export async function getSeries(db: Database, options: { userId: string; seriesId: string }): Promise<SeriesDetail> {
  const row = await seriesRow(db, options);
  const [progress, premium, sessions] = await Promise.all([
    progressOf(db, options.userId, [row.id]),
    viewerIsPremium(db, options.userId),
    db
      .select({
        id: seriesSessions.id,
        position: seriesSessions.position,
        title: seriesSessions.title,
        passage: seriesSessions.passage,
        done: sql<boolean>`exists (select 1 from ${seriesSessionCompletions} c where c.session_id = ${seriesSessions.id} and c.user_id = ${options.userId})`,
      })
      .from(seriesSessions)
      .where(eq(seriesSessions.seriesId, row.id))
      .orderBy(asc(seriesSessions.position)),
  ]);
  const owner = row.ownerId === options.userId;
  return {
    ...toSummary(row, options.userId, progress.get(row.id) ?? null),
    sessions: sessions.map((s) => ({
      id: s.id,
      position: s.position,
      title: s.title,
      passage: s.passage,
      open: sessionOpen({ position: s.position, premium, owner }),
      completed: s.done,
    })),
  };
}

/** A session I may see: its series (404 when I may not see it) and its neighbours. */
export async function sessionRow(db: Executor, options: { userId: string; sessionId: string }) {
  const [row] = await db
    .select({
      session: seriesSessions,
      seriesTitle: series.title,
      theme: series.theme,
      sessionCount: series.sessionCount,
      ownerId: series.ownerId,
    })
    .from(seriesSessions)
    .innerJoin(series, eq(series.id, seriesSessions.seriesId))
    .where(and(eq(seriesSessions.id, options.sessionId), visibleTo(options.userId)));
  if (!row) throw notFound(SESSION_NOT_FOUND);
  return row;
}

/**
 * A session page. Open to me (sessionOpen): the passage from The Word's WEB, the teaching, questions, challenge and
 * prayer. Not open: its heading only (the page shows the series_viewing upgrade prompt).
 */
export async function getSession(db: Database, options: { userId: string; sessionId: string }): Promise<SeriesSession> {
  const { session, ...row } = await sessionRow(db, options);
  const owner = row.ownerId === options.userId;
  const [premium, siblings, follow] = await Promise.all([
    viewerIsPremium(db, options.userId),
    db
      .select({
        id: seriesSessions.id,
        position: seriesSessions.position,
        title: seriesSessions.title,
        done: sql<boolean>`exists (select 1 from ${seriesSessionCompletions} c where c.session_id = ${seriesSessions.id} and c.user_id = ${options.userId})`,
      })
      .from(seriesSessions)
      .where(eq(seriesSessions.seriesId, session.seriesId))
      .orderBy(asc(seriesSessions.position)),
    db
      .select({ startedAt: seriesFollows.startedAt })
      .from(seriesFollows)
      .where(and(eq(seriesFollows.userId, options.userId), eq(seriesFollows.seriesId, session.seriesId))),
  ]);
  const open = sessionOpen({ position: session.position, premium, owner });
  const index = siblings.findIndex((s) => s.id === session.id);
  const neighbour = (s: (typeof siblings)[number] | undefined) => (s ? { id: s.id, position: s.position, title: s.title } : null);
  let body: SeriesSession["body"] = null;
  if (open) {
    const passage = await getPassage(db, { ref: session.passage, translation: "web" });
    body = {
      passage: {
        reference: passage.reference,
        translation: "web",
        verses: passage.text.map((v) => ({ chapter: v.chapter, verse: v.verse, text: v.text })),
      },
      teaching: session.teaching,
      questions: session.questions,
      challenge: session.challenge,
      prayer: session.prayer,
    };
  }
  return {
    id: session.id,
    series: {
      id: session.seriesId,
      title: row.seriesTitle,
      theme: row.theme as FocusThemeId,
      session_count: row.sessionCount,
      mine: owner,
      following: follow.length > 0,
    },
    position: session.position,
    title: session.title,
    passage: session.passage,
    open,
    completed: siblings[index]?.done ?? false,
    body,
    previous: neighbour(siblings[index - 1]),
    next: neighbour(siblings[index + 1]),
    comment_count: session.commentCount,
  };
}

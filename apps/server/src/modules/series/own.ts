import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { EditableSeries, FocusThemeId, SeriesInput } from "@shepherd/shared";
import { BibleReferenceError } from "../../bible/references";
import { resolveWebReference } from "../../bible/passages";
import { schema, type Database, type Transaction } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { deleteStoredFile, type StorageProvider } from "../../providers/storage/storage";
import { refuseAccess, checkAccess } from "../access/service";
import { requireMembership } from "../community/membership";
import { SERIES_NOT_FOUND } from "./catalog";

/**
 * A member's own series (Premium: series_creation): made by hand, changed and deleted by its owner only. Its sessions
 * keep their ids through edits (matched by the id the editor sends), so completions, comments and a gathering that
 * points at a session survive a reorder. Sharing with a flock needs him to be an active member of it.
 */

const { series, seriesSessions } = schema;

async function requireCreation(db: Database, userId: string): Promise<void> {
  const access = await checkAccess(db, { userId, feature: "series_creation" });
  if (!access.allowed) throw await refuseAccess(db, userId, access);
}

/** Every passage must be one the shipped WEB has: a message naming the session otherwise. */
function checkPassages(input: SeriesInput): string[] {
  return input.sessions.map((session, i) => {
    try {
      return resolveWebReference(session.passage).display;
    } catch (error) {
      if (error instanceof BibleReferenceError)
        throw new AppError("BAD_REQUEST", `Session ${i + 1}: ${error.message}`, {
          issues: [`sessions.${i}.passage: ${error.message}`],
        });
      throw error;
    }
  });
}

async function checkFlock(db: Database, userId: string, flockId: string | null): Promise<void> {
  if (!flockId) return;
  await requireMembership(db, { flockId, userId }).catch(() => {
    throw new AppError("BAD_REQUEST", "Choose one of your flocks to share the series with.");
  });
}

async function ownRow(db: Database | Transaction, options: { userId: string; seriesId: string }, lock = false) {
  const query = db
    .select({ id: series.id })
    .from(series)
    .where(and(eq(series.id, options.seriesId), eq(series.ownerId, options.userId), eq(series.source, "custom")));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(SERIES_NOT_FOUND);
  return row;
}

const fields = (input: SeriesInput) => ({
  theme: input.theme,
  title: input.title,
  promise: input.promise,
  description: input.description,
  flockId: input.flock_id,
  sessionCount: input.sessions.length,
  updatedAt: new Date(),
});

const sessionValues = (input: SeriesInput, passages: string[]) =>
  input.sessions.map((s, i) => ({
    position: i + 1,
    title: s.title,
    passage: passages[i]!,
    teaching: s.teaching,
    questions: s.questions,
    challenge: s.challenge,
    prayer: s.prayer,
  }));

export async function createSeries(db: Database, options: { userId: string; input: SeriesInput }): Promise<{ id: string }> {
  await requireCreation(db, options.userId);
  const passages = checkPassages(options.input);
  await checkFlock(db, options.userId, options.input.flock_id);
  if (options.input.sessions.some((s) => s.id)) {
    throw new AppError("BAD_REQUEST", "A new series' sessions have no ids yet: leave them out.");
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(series)
      .values({ source: "custom", ownerId: options.userId, ...fields(options.input) })
      .returning({ id: series.id });
    await tx.insert(seriesSessions).values(sessionValues(options.input, passages).map((s) => ({ ...s, seriesId: row!.id })));
    return { id: row!.id };
  });
}

export async function getEditableSeries(db: Database, options: { userId: string; seriesId: string }): Promise<EditableSeries> {
  await ownRow(db, options);
  const [row] = await db.select().from(series).where(eq(series.id, options.seriesId));
  const sessions = await db
    .select()
    .from(seriesSessions)
    .where(eq(seriesSessions.seriesId, options.seriesId))
    .orderBy(asc(seriesSessions.position));
  return {
    id: row!.id,
    title: row!.title,
    promise: row!.promise,
    description: row!.description,
    theme: row!.theme as FocusThemeId,
    flock_id: row!.flockId,
    sessions: sessions.map((s) => ({
      id: s.id,
      title: s.title,
      passage: s.passage,
      teaching: s.teaching,
      questions: s.questions,
      challenge: s.challenge,
      prayer: s.prayer,
    })),
  };
}

/** Replace my series' fields and sessions: sessions sent with their id keep it, the others are added, missing ones go. */
export async function replaceSeries(
  db: Database,
  options: { userId: string; seriesId: string; input: SeriesInput },
): Promise<{ id: string }> {
  await ownRow(db, options);
  await requireCreation(db, options.userId);
  const passages = checkPassages(options.input);
  await checkFlock(db, options.userId, options.input.flock_id);
  const { input, seriesId } = options;
  await db.transaction(async (tx) => {
    await ownRow(tx, options, true);
    const existing = await tx.select({ id: seriesSessions.id }).from(seriesSessions).where(eq(seriesSessions.seriesId, seriesId));
    const known = new Set(existing.map((s) => s.id));
    const kept = input.sessions.flatMap((s) => (s.id ? [s.id] : []));
    if (kept.some((id) => !known.has(id)) || new Set(kept).size !== kept.length) {
      throw new AppError("BAD_REQUEST", "A session's id must be one of this series' sessions, each once.");
    }
    // Out of the way first, so the new order never collides with the old on (series_id, position).
    await tx
      .update(seriesSessions)
      .set({ position: sql`-${seriesSessions.position}` })
      .where(eq(seriesSessions.seriesId, seriesId));
    const gone = kept.length
      ? and(eq(seriesSessions.seriesId, seriesId), notInArray(seriesSessions.id, kept))
      : eq(seriesSessions.seriesId, seriesId);
    await tx.delete(seriesSessions).where(gone);
    const values = sessionValues(input, passages);
    for (const [i, session] of input.sessions.entries()) {
      if (session.id) {
        await tx
          .update(seriesSessions)
          .set(values[i]!)
          .where(and(eq(seriesSessions.id, session.id), inArray(seriesSessions.seriesId, [seriesId])));
      } else {
        await tx.insert(seriesSessions).values({ ...values[i]!, seriesId });
      }
    }
    await tx.update(series).set(fields(input)).where(eq(series.id, seriesId));
  });
  return { id: seriesId };
}

/**
 * Delete my series (whatever my plan now): its sessions, follows, completions and comments go with it, and its cover's
 * file.
 */
export async function deleteSeries(
  db: Database,
  storage: StorageProvider,
  options: { userId: string; seriesId: string },
): Promise<void> {
  await ownRow(db, options);
  const deleted = await db
    .delete(series)
    .where(and(eq(series.id, options.seriesId), eq(series.ownerId, options.userId)))
    .returning({ imageUrl: series.imageUrl });
  await deleteStoredFile(storage, deleted[0]?.imageUrl);
}

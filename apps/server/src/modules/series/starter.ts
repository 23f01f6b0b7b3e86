import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { schema, type Database, type Transaction } from "../../db/client";
import type { Logger } from "../../logger";
import { seriesVersion, type StarterSeries } from "./library";

/**
 * The starter series' copy in the database, kept in step with content/series at start, as the starter plans are: a
 * series whose file changed is rewritten in place (its sessions keep their ids by position, so completions, comments
 * and gatherings keep pointing at them), a new one is added, one whose file is gone is retired (its followers keep it;
 * the library stops offering it). Processes starting together take turns (an advisory lock); a start with nothing
 * changed costs one query.
 */

const { series, seriesSessions } = schema;

/** Any number for pg_advisory_xact_lock, the same in every process (not the plans' number). */
const SYNC_LOCK = 7_310_318;

async function storedVersions(db: Database | Transaction) {
  return db
    .select({ slug: series.slug, version: series.contentVersion, retiredAt: series.retiredAt })
    .from(series)
    .where(eq(series.source, "starter"));
}

function pending(stored: Awaited<ReturnType<typeof storedVersions>>, library: StarterSeries[]) {
  const bySlug = new Map(stored.map((s) => [s.slug, s]));
  const wanted = new Set(library.map((s) => s.id));
  return {
    write: library.filter((s) => {
      const row = bySlug.get(s.id);
      return !row || row.version !== seriesVersion(s) || row.retiredAt !== null;
    }),
    retire: stored.filter((s) => s.slug && !wanted.has(s.slug) && s.retiredAt === null).map((s) => s.slug!),
  };
}

async function writeSeries(tx: Transaction, starter: StarterSeries): Promise<void> {
  const values = {
    source: "starter",
    theme: starter.theme,
    title: starter.title,
    promise: starter.promise,
    description: starter.description,
    sessionCount: starter.sessions.length,
    contentVersion: seriesVersion(starter),
    retiredAt: null,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(series)
    .values({ slug: starter.id, ...values })
    .onConflictDoUpdate({ target: series.slug, set: values })
    .returning({ id: series.id });
  const seriesId = row!.id;
  await tx
    .insert(seriesSessions)
    .values(
      starter.sessions.map((s, i) => ({
        seriesId,
        position: i + 1,
        title: s.title,
        passage: s.passage,
        teaching: s.teaching,
        questions: s.questions,
        challenge: s.challenge,
        prayer: s.prayer,
      })),
    )
    .onConflictDoUpdate({
      target: [seriesSessions.seriesId, seriesSessions.position],
      set: {
        title: sql`excluded.title`,
        passage: sql`excluded.passage`,
        teaching: sql`excluded.teaching`,
        questions: sql`excluded.questions`,
        challenge: sql`excluded.challenge`,
        prayer: sql`excluded.prayer`,
      },
    });
  await tx
    .delete(seriesSessions)
    .where(and(eq(seriesSessions.seriesId, seriesId), gt(seriesSessions.position, starter.sessions.length)));
}

export async function ensureStarterSeries(db: Database, library: StarterSeries[], log: Logger): Promise<void> {
  const before = pending(await storedVersions(db), library);
  if (before.write.length === 0 && before.retire.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK})`);
    const { write, retire } = pending(await storedVersions(tx), library);
    for (const starter of write) await writeSeries(tx, starter);
    if (retire.length) {
      await tx
        .update(series)
        .set({ retiredAt: new Date() })
        .where(and(inArray(series.slug, retire), isNull(series.retiredAt)));
    }
    if (write.length || retire.length) log.info({ written: write.length, retired: retire.length }, "starter series updated");
  });
}

import { createHash } from "node:crypto";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { schema, type Database, type Transaction } from "../../db/client";
import type { Logger } from "../../logger";
import type { StarterPlan } from "./library";

/**
 * The starter library's copy in the database, kept in step with content/plans at start: a plan whose file changed is
 * rewritten in place (its days keep their ids, so followers keep their progress), a new one is added, one whose file
 * is gone is retired (its followers keep it; the library stops offering it). Processes starting together take turns
 * (an advisory lock), and a start with nothing changed costs one query.
 */

const { plans, planDays } = schema;

/** Any number for pg_advisory_xact_lock, the same in every process. */
const SYNC_LOCK = 7_310_317;

const versionOf = (plan: StarterPlan) => createHash("sha256").update(JSON.stringify(plan)).digest("hex").slice(0, 16);

async function storedVersions(db: Database | Transaction) {
  return db
    .select({ slug: plans.slug, version: plans.contentVersion, retiredAt: plans.retiredAt })
    .from(plans)
    .where(eq(plans.source, "starter"));
}

function pending(stored: Awaited<ReturnType<typeof storedVersions>>, library: StarterPlan[]) {
  const bySlug = new Map(stored.map((s) => [s.slug, s]));
  const wanted = new Set(library.map((p) => p.id));
  return {
    write: library.filter((p) => {
      const row = bySlug.get(p.id);
      return !row || row.version !== versionOf(p) || row.retiredAt !== null;
    }),
    retire: stored.filter((s) => s.slug && !wanted.has(s.slug) && s.retiredAt === null).map((s) => s.slug!),
  };
}

async function writePlan(tx: Transaction, plan: StarterPlan): Promise<void> {
  const values = {
    source: "starter",
    theme: plan.theme,
    title: plan.title,
    promise: plan.promise,
    description: plan.description,
    topics: plan.topics,
    minutesPerDay: plan.minutes_per_day,
    dayCount: plan.days.length,
    contentVersion: versionOf(plan),
    retiredAt: null,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(plans)
    .values({ slug: plan.id, ...values })
    .onConflictDoUpdate({ target: plans.slug, set: values })
    .returning({ id: plans.id });
  const planId = row!.id;
  await tx
    .insert(planDays)
    .values(
      plan.days.map((day, i) => ({
        planId,
        dayNumber: i + 1,
        title: day.title,
        passages: day.passages,
        citedReferences: day.references,
        reading: day.reading,
        questions: day.questions,
        challenge: day.challenge,
        prayer: day.prayer,
      })),
    )
    .onConflictDoUpdate({
      target: [planDays.planId, planDays.dayNumber],
      set: {
        title: sql`excluded.title`,
        passages: sql`excluded.passages`,
        citedReferences: sql`excluded.cited_references`,
        reading: sql`excluded.reading`,
        questions: sql`excluded.questions`,
        challenge: sql`excluded.challenge`,
        prayer: sql`excluded.prayer`,
      },
    });
  await tx.delete(planDays).where(and(eq(planDays.planId, planId), gt(planDays.dayNumber, plan.days.length)));
}

export async function ensureStarterPlans(db: Database, library: StarterPlan[], log: Logger): Promise<void> {
  const before = pending(await storedVersions(db), library);
  if (before.write.length === 0 && before.retire.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK})`);
    const { write, retire } = pending(await storedVersions(tx), library);
    for (const plan of write) await writePlan(tx, plan);
    if (retire.length) {
      await tx
        .update(plans)
        .set({ retiredAt: new Date() })
        .where(and(inArray(plans.slug, retire), isNull(plans.retiredAt)));
    }
    if (write.length || retire.length) log.info({ written: write.length, retired: retire.length }, "starter plans updated");
  });
}

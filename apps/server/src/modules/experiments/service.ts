import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { variantForPoint, type ExperimentVariant } from "@shepherd/shared";
import type { Executor } from "../../db/client";
import { schema } from "../../db/client";

/**
 * A member's variant of an experiment: a hash of the experiment's id and his id mapped onto the weights, the same
 * every time without storing it (sticky) and uniform to the weights across members. His exposure (he was shown it) is
 * stored once, for the results on /admin/ab-tests.
 */

const { experiments, experimentExposures } = schema;

/** A point uniform in [0, 1) from the first 48 bits of SHA-256(experiment id : member id). */
export function assignmentPoint(experimentId: string, userId: string): number {
  const digest = createHash("sha256").update(`${experimentId}:${userId}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

export function assignVariant(experiment: { id: string; variants: ExperimentVariant[] }, userId: string): string {
  return variantForPoint(experiment.variants, assignmentPoint(experiment.id, userId));
}

async function runningExperiment(db: Executor, name: string) {
  const [row] = await db
    .select()
    .from(experiments)
    .where(and(eq(experiments.name, name), eq(experiments.status, "running")));
  return row ?? null;
}

/** The member's variant of the named experiment while it runs; null when none runs under that name. */
export async function memberVariant(db: Executor, options: { name: string; userId: string }): Promise<string | null> {
  const row = await runningExperiment(db, options.name);
  return row ? assignVariant(row, options.userId) : null;
}

/** Records that the member was shown his variant (his first exposure only); answers his variant, or null. */
export async function recordExposure(db: Executor, options: { name: string; userId: string }): Promise<string | null> {
  const row = await runningExperiment(db, options.name);
  if (!row) return null;
  const variant = assignVariant(row, options.userId);
  await db.insert(experimentExposures).values({ experimentId: row.id, userId: options.userId, variant }).onConflictDoNothing();
  return variant;
}

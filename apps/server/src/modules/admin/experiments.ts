import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  ADMIN_EXPORT_MAX_ROWS,
  ADMIN_PAGE_SIZE,
  experimentResults,
  type AdminExperiment,
  type AdminPage,
  type ConversionEvent,
  type CreateExperimentInput,
} from "@shepherd/shared";
import type { SignedInUser } from "../../context";
import type { Database, Executor } from "../../db/client";
import { schema } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "./audit";

/**
 * Admin A/B tests: create, start and stop experiments (each audited) and their results. A member converted when he
 * did the experiment's action after his exposure (and before the experiment stopped); see modules/experiments for
 * the assignment.
 */

const { experiments } = schema;
type ExperimentRow = typeof experiments.$inferSelect;

async function resultsOf(db: Executor, row: ExperimentRow): Promise<AdminExperiment> {
  const counts = await db.execute<{ variant: string; exposed: number; converted: number }>(sql`
    select x.variant, count(*)::int as exposed,
      count(*) filter (where exists (
        select 1 from activity_events e
        where e.user_id = x.user_id and e.action_type = ${row.conversionEvent} and e.created_at >= x.exposed_at
          and (${row.stoppedAt}::timestamptz is null or e.created_at <= ${row.stoppedAt}::timestamptz)
      ))::int as converted
    from experiment_exposures x where x.experiment_id = ${row.id}
    group by x.variant`);
  const byVariant = new Map(counts.rows.map((r) => [r.variant, { exposed: Number(r.exposed), converted: Number(r.converted) }]));
  return {
    id: row.id,
    name: row.name,
    variants: row.variants,
    conversion_event: row.conversionEvent as ConversionEvent,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    stopped_at: row.stoppedAt?.toISOString() ?? null,
    results: experimentResults(row.variants, byVariant),
  };
}

/** The experiments, newest first, each with its results. */
export async function listExperiments(
  db: Database,
  options: { page: number; all?: boolean },
): Promise<AdminPage<AdminExperiment>> {
  const limit = options.all ? ADMIN_EXPORT_MAX_ROWS : ADMIN_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(experiments)
      .orderBy(desc(experiments.createdAt), desc(experiments.id))
      .limit(limit)
      .offset(options.all ? 0 : (options.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(experiments),
  ]);
  return {
    items: await Promise.all(rows.map((row) => resultsOf(db, row))),
    page: options.page,
    page_size: limit,
    total: total?.n ?? 0,
  };
}

export async function getExperiment(db: Executor, id: string): Promise<AdminExperiment> {
  const [row] = await db.select().from(experiments).where(eq(experiments.id, id));
  if (!row) throw notFound("That experiment");
  return resultsOf(db, row);
}

export async function createExperiment(db: Database, actor: SignedInUser, input: CreateExperimentInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(experiments)
      .values({ name: input.name, variants: input.variants, conversionEvent: input.conversion_event, createdBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError("CONFLICT", "An experiment with that name exists. Choose another name.");
    await recordAudit(tx, {
      actor,
      action: "experiment.create",
      target: `experiment ${row.name}`,
      details: { id: row.id, variants: input.variants, conversion_event: input.conversion_event },
    });
    return resultsOf(tx, row);
  });
}

/** Starts a draft (running) or stops a running experiment (stopped, for good), with its audit entry. */
export async function setExperimentRunning(db: Database, actor: SignedInUser, options: { id: string; running: boolean }) {
  return db.transaction(async (tx) => {
    const from = options.running ? "draft" : "running";
    const now = new Date();
    const [row] = await tx
      .update(experiments)
      .set(options.running ? { status: "running", startedAt: now } : { status: "stopped", stoppedAt: now })
      .where(and(eq(experiments.id, options.id), eq(experiments.status, from)))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: experiments.id }).from(experiments).where(eq(experiments.id, options.id));
      if (!exists) throw notFound("That experiment");
      throw new AppError(
        "CONFLICT",
        options.running ? "Only a draft experiment can be started." : "Only a running experiment can be stopped.",
      );
    }
    await recordAudit(tx, {
      actor,
      action: options.running ? "experiment.start" : "experiment.stop",
      target: `experiment ${row.name}`,
      details: { id: row.id },
    });
    return resultsOf(tx, row);
  });
}

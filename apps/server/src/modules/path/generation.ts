import { and, eq, sql } from "drizzle-orm";
import {
  customPlanBrief,
  customPlanTitle,
  focusThemeLabel,
  SEASONS,
  type CreatedPlan,
  type CustomPlanBrief,
  type GenerationState,
  type PlanStatus,
} from "@shepherd/shared";
import { schema, type Database } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { QUEUES, type JobQueue } from "../../jobs/queue";
import type { Logger } from "../../logger";
import type { AiTextProvider, PlanDayDraft } from "../../providers/ai/ai";
import { recordAiTokens, withAccess } from "../access/service";
import { progressColumns } from "./outlines";

/**
 * A member's own plan, written in the background (Premium: custom_plan). "Create my plan" makes the plan (status
 * generating, no days) and its job in one transaction and answers at once. The job (pg-boss, jobs/queue.ts) writes the
 * days one by one through the AI provider, saving them in the plan's draft_days (its checkpoint) as it goes, and
 * hands over to a fresh job after half its lease, so no step holds a job longer than that. Only when every day is
 * written are they copied into plan_days, with status ready, in one transaction: spec section 3, "a plan has days
 * once generation has finished", which is what the browser's poll waits for.
 *
 * A server that dies mid-plan leaves the job active; when its lease ends another process (or this one, started again)
 * takes it and resumes after the last saved day. A step that fails is retried with backoff; a plan whose job fails
 * every retry is marked failed (the dead-letter queue), with Try again on /path, which resumes where it stopped.
 */

const { plans, planDays } = schema;

export interface GenerationJob {
  planId: string;
}

/** What the member sees when his plan could not be written (the log has the reason). */
const FAILED_MESSAGE = "We could not finish writing this plan.";

function promiseFor(brief: CustomPlanBrief): string {
  const goal = brief.goal.replace(/\s+/g, " ").replace(/[.!]+$/, "");
  const line = `${brief.days} days toward your goal: ${goal}`;
  return line.length <= 100 ? line : `${line.slice(0, 99).replace(/\s+\S*$/, "")}…`;
}

function descriptionFor(brief: CustomPlanBrief): string {
  const season = SEASONS.find((s) => s.id === brief.season)?.label.toLowerCase() ?? "";
  const themes = brief.themes.map(focusThemeLabel).join(", ");
  return `Written for you: ${themes.toLowerCase()}, for ${season.replace(/^a /, "a ")}, about ${brief.minutes_per_day} minutes a day.`;
}

/** "Create my plan": the plan and its job, made together; refused to free members with the spec's message. */
export async function createCustomPlan(
  deps: { db: Database; jobs: JobQueue },
  options: { userId: string; brief: CustomPlanBrief },
): Promise<CreatedPlan> {
  const { brief } = options;
  const title = customPlanTitle(brief, focusThemeLabel);
  const { result: planId } = await withAccess(deps.db, { userId: options.userId, feature: "custom_plan" }, async (tx) => {
    const [row] = await tx
      .insert(plans)
      .values({
        source: "custom",
        ownerId: options.userId,
        theme: brief.themes[0]!,
        title,
        promise: promiseFor(brief),
        description: descriptionFor(brief),
        topics: [],
        minutesPerDay: brief.minutes_per_day,
        dayCount: 0,
        status: "generating",
        brief,
      })
      .returning({ id: plans.id });
    await deps.jobs.send(QUEUES.planGeneration, { planId: row!.id } satisfies GenerationJob, { tx });
    return row!.id;
  });
  return { plan_id: planId, title };
}

/** My plan's writing: the browser's poll (has it a day yet? spec section 7) and "Writing day 4 of 14". */
export async function generationState(db: Database, options: { userId: string; planId: string }): Promise<GenerationState> {
  const [row] = await db
    .select({
      status: plans.status,
      title: plans.title,
      ...progressColumns,
      dayCount: plans.dayCount,
      error: plans.generationError,
      // Spec section 7: plan_days, id where plan_id, limit 1 (written out: Drizzle leaves the table off one-table columns).
      firstDayId: sql<string | null>`(select d.id from plan_days d where d.plan_id = ${options.planId} limit 1)`,
    })
    .from(plans)
    .where(and(eq(plans.id, options.planId), eq(plans.ownerId, options.userId)));
  if (!row) throw notFound("That plan");
  return {
    plan_id: options.planId,
    title: row.title,
    status: row.status as PlanStatus,
    written: row.status === "ready" ? row.dayCount : row.written,
    total: row.asked ?? row.dayCount,
    error: row.error,
    first_day_id: row.firstDayId,
  };
}

/** Try again after a failure: the same brief, resuming after the last day written. */
export async function retryGeneration(
  deps: { db: Database; jobs: JobQueue },
  options: { userId: string; planId: string },
): Promise<GenerationState> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: plans.status })
      .from(plans)
      .where(and(eq(plans.id, options.planId), eq(plans.ownerId, options.userId)))
      .for("update");
    if (!row) throw notFound("That plan");
    if (row.status !== "failed") {
      throw new AppError(
        "CONFLICT",
        row.status === "generating" ? "This plan is being written now." : "This plan is written already.",
      );
    }
    await tx
      .update(plans)
      .set({ status: "generating", generationError: null, updatedAt: new Date() })
      .where(eq(plans.id, options.planId));
    await deps.jobs.send(QUEUES.planGeneration, { planId: options.planId } satisfies GenerationJob, { tx });
  });
  return generationState(deps.db, options);
}

export interface WriterDeps {
  db: Database;
  ai: AiTextProvider;
  log: Logger;
  /** How long one step may write before it hands over to a fresh job (half the job lease). */
  stepMs: number;
}

/**
 * Days written are saved (the checkpoint, and what "Writing day 4 of 14" reads) at most this often: each day when a
 * model takes seconds over each, a whole plan at once when the composer writes it in milliseconds.
 */
const CHECKPOINT_MS = 1000;

/**
 * One step of the job: writes days after the last saved one until the plan is whole (then publishes it: "done") or the
 * step's time is up ("more": send a fresh job). "gone" when there is nothing to write (the plan was deleted, or is
 * written already: a job run twice).
 */
export async function writePlanStep(deps: WriterDeps, planId: string): Promise<"done" | "more" | "gone"> {
  const [row] = await deps.db
    .select({ status: plans.status, ownerId: plans.ownerId, brief: plans.brief, draftDays: plans.draftDays })
    .from(plans)
    .where(eq(plans.id, planId));
  if (!row || row.status !== "generating" || !row.ownerId) return "gone";
  const ownerId = row.ownerId;
  const brief = customPlanBrief.parse(row.brief);
  let saved = row.draftDays as PlanDayDraft[];
  let unsaved: PlanDayDraft[] = [];
  let tokens = 0;
  let savedAt = Date.now();
  const stopAt = savedAt + deps.stepMs;

  /** Appends the unsaved days after the saved ones, unless another writer of this plan (a job run twice) got there first. */
  const checkpoint = async (): Promise<boolean> => {
    const appended = await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(plans)
        .set({ draftDays: sql`${plans.draftDays} || ${JSON.stringify(unsaved)}::jsonb`, updatedAt: new Date() })
        .where(
          and(
            eq(plans.id, planId),
            eq(plans.status, "generating"),
            sql`jsonb_array_length(${plans.draftDays}) = ${saved.length}`,
          ),
        )
        .returning({ id: plans.id });
      if (updated) await recordAiTokens(tx, { userId: ownerId, feature: "custom_plan", tokens });
      return Boolean(updated);
    });
    if (!appended) return false;
    saved = [...saved, ...unsaved];
    unsaved = [];
    tokens = 0;
    savedAt = Date.now();
    return true;
  };

  while (saved.length + unsaved.length < brief.days) {
    const previous = [...saved, ...unsaved];
    const { day, tokensUsed } = await deps.ai.composePlanDay({ planId, brief, dayNumber: previous.length + 1, previous });
    unsaved.push(day);
    tokens += tokensUsed;
    const finished = saved.length + unsaved.length >= brief.days;
    if (finished) break;
    const outOfTime = Date.now() >= stopAt;
    if (outOfTime || Date.now() - savedAt >= CHECKPOINT_MS) {
      if (!(await checkpoint())) return "gone";
      if (outOfTime) return "more";
    }
  }
  return (await publishDraft(deps.db, { planId, ownerId, saved, unsaved, tokens })) ? "done" : "gone";
}

/** The written days become the plan's days, and the plan is ready: together, once. */
async function publishDraft(
  db: Database,
  options: { planId: string; ownerId: string; saved: PlanDayDraft[]; unsaved: PlanDayDraft[]; tokens: number },
): Promise<boolean> {
  const { planId } = options;
  const days = [...options.saved, ...options.unsaved];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: plans.status, savedCount: progressColumns.written })
      .from(plans)
      .where(eq(plans.id, planId))
      .for("update");
    // Another writer of this plan (a job run twice) saved or published first: its days stand.
    if (row?.status !== "generating" || row.savedCount !== options.saved.length) return false;
    await tx.insert(planDays).values(
      days.map((day, i) => ({
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
    );
    await tx
      .update(plans)
      .set({ status: "ready", dayCount: days.length, draftDays: [], generationError: null, updatedAt: new Date() })
      .where(eq(plans.id, planId));
    await recordAiTokens(tx, { userId: options.ownerId, feature: "custom_plan", tokens: options.tokens });
    return true;
  });
}

/** A plan whose job failed every retry. */
export async function markGenerationFailed(db: Database, planId: string): Promise<void> {
  await db
    .update(plans)
    .set({ status: "failed", generationError: FAILED_MESSAGE, updatedAt: new Date() })
    .where(and(eq(plans.id, planId), eq(plans.status, "generating")));
}

/** This process works on plans: a step at a time, handing over to a fresh job when a step's time is up. */
/**
 * Plans still "generating" with no job to write them: a database restored from a backup (which holds no job queue,
 * docs/decisions/008-backups.md), or a job lost some other way. Each gets a job again at start; it resumes after the
 * last saved day. Returns how many.
 */
export async function requeueOrphanedPlans(deps: { db: Database; jobs: JobQueue; log: Logger }): Promise<number> {
  const orphans = await deps.db.execute<{ id: string }>(sql`
    select p.id from plans p
    where p.status = 'generating'
      and not exists (
        select 1 from pgboss.job j
        where j.name = ${QUEUES.planGeneration} and j.state in ('created', 'retry', 'active') and j.data->>'planId' = p.id::text
      )`);
  for (const { id } of orphans.rows) await deps.jobs.send(QUEUES.planGeneration, { planId: id } satisfies GenerationJob);
  if (orphans.rows.length) deps.log.warn({ plans: orphans.rows.length }, "plans being written had no job; queued them again");
  return orphans.rows.length;
}

export async function startPlanWriters(deps: WriterDeps & { jobs: JobQueue }): Promise<void> {
  await requeueOrphanedPlans(deps);
  await deps.jobs.work<GenerationJob>(QUEUES.planGeneration, async ({ planId }, job) => {
    const outcome = await writePlanStep(deps, planId);
    deps.log.info({ planId, job: job.id, outcome }, "plan generation step");
    if (outcome === "more") await deps.jobs.send(QUEUES.planGeneration, { planId } satisfies GenerationJob);
  });
  await deps.jobs.work<GenerationJob>(QUEUES.planGenerationFailed, async ({ planId }) => {
    deps.log.warn({ planId }, "plan generation failed every retry; the plan is marked failed");
    await markGenerationFailed(deps.db, planId);
  });
}

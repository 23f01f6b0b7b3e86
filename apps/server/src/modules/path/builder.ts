import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import {
  dayGaps,
  type BuilderDay,
  type BuilderPlan,
  type BuilderPlanInput,
  type FocusThemeId,
  type PlanStatus,
} from "@shepherd/shared";
import { resolveWebReference } from "../../bible/passages";
import { BibleReferenceError } from "../../bible/references";
import { schema, type Database, type Transaction } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { deleteStoredFile, type StorageProvider } from "../../providers/storage/storage";
import { checkAccess, accessDenied } from "../access/service";
import { planOutlines, visiblePlan } from "./outlines";

/**
 * The plan builder (Premium): a member shapes a plan by hand, from nothing, from a starter plan, or from a plan of
 * his own (a generated one, say). His working copy is the plan's draft_days, saved as he goes ("Save as draft");
 * "Publish" makes them the plan's days. A plan never published is a draft (only he sees it); a published one keeps
 * its published days for its followers until he publishes again, and a day keeps its id (and its followers' progress)
 * while it keeps its place.
 */

const { plans, planDays, planEnrollments } = schema;

/** The builder's working copy of a day is stored just as the plan writer stores one (generation.ts). */
const toBuilderDay = (day: Partial<BuilderDay>): BuilderDay => ({
  title: day.title ?? "",
  passages: day.passages ?? [],
  references: day.references ?? [],
  reading: day.reading ?? "",
  questions: day.questions ?? [],
  challenge: day.challenge ?? "",
  prayer: day.prayer ?? "",
});

async function requireBuilderAccess(db: Database, userId: string): Promise<void> {
  const access = await checkAccess(db, { userId, feature: "custom_plan" });
  if (!access.allowed) throw accessDenied(access);
}

async function publishedDays(db: Database | Transaction, planId: string): Promise<BuilderDay[]> {
  const rows = await db.select().from(planDays).where(eq(planDays.planId, planId)).orderBy(asc(planDays.dayNumber));
  return rows.map((row) => toBuilderDay({ ...row, references: row.citedReferences }));
}

/** My plan, for the builder: 404 when it is not mine; 409 while it is being written. */
async function ownPlanRow(db: Database | Transaction, options: { userId: string; planId: string }, lock = false) {
  const query = db
    .select()
    .from(plans)
    .where(and(eq(plans.id, options.planId), eq(plans.ownerId, options.userId), eq(plans.source, "custom")));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("That plan");
  if (row.status === "generating")
    throw new AppError("CONFLICT", "This plan is still being written. Open it in the builder once it is ready.");
  if (row.status === "failed") throw new AppError("CONFLICT", "This plan could not be written. Try again from your plans first.");
  return row;
}

async function toBuilderPlan(db: Database | Transaction, row: typeof plans.$inferSelect): Promise<BuilderPlan> {
  const working = (row.draftDays as Partial<BuilderDay>[]).map(toBuilderDay);
  const unpublished = row.status === "ready" && working.length > 0;
  return {
    id: row.id,
    title: row.title,
    promise: row.promise,
    description: row.description,
    theme: row.theme as FocusThemeId,
    minutes_per_day: row.minutesPerDay,
    status: row.status as PlanStatus,
    days: working.length > 0 || row.status === "draft" ? working : await publishedDays(db, row.id),
    unpublished_changes: unpublished,
    updated_at: row.updatedAt.toISOString(),
  };
}

const BLANK_DAY = toBuilderDay({});

/** A new draft: empty (one blank day), or a copy of a plan I can see (a starter plan, or one of my own). */
export async function startDraft(
  db: Database,
  options: { userId: string; from: { from: "scratch" } | { from: "plan"; plan_id: string } },
): Promise<BuilderPlan> {
  await requireBuilderAccess(db, options.userId);
  let values: Pick<typeof plans.$inferInsert, "title" | "promise" | "description" | "theme" | "topics" | "minutesPerDay">;
  let days: BuilderDay[];
  if (options.from.from === "scratch") {
    values = { title: "My plan", promise: "", description: "", theme: "prayer", topics: [], minutesPerDay: 10 };
    days = [BLANK_DAY];
  } else {
    const planId = options.from.plan_id;
    const outline = (await planOutlines(db, [planId])).get(planId);
    const [enrollment] = await db
      .select({ id: planEnrollments.id })
      .from(planEnrollments)
      .where(and(eq(planEnrollments.userId, options.userId), eq(planEnrollments.planId, planId)));
    if (!outline || !visiblePlan(outline, { userId: options.userId, following: Boolean(enrollment) }))
      throw notFound("That plan");
    if (outline.status !== "ready") throw new AppError("CONFLICT", "Only a plan with its days can be copied.");
    values = {
      title: `${outline.title} (my copy)`.slice(0, 70),
      promise: outline.promise,
      description: outline.description,
      theme: outline.theme,
      topics: outline.topics,
      minutesPerDay: outline.minutesPerDay,
    };
    days = await publishedDays(db, planId);
  }
  const [row] = await db
    .insert(plans)
    .values({ ...values, source: "custom", ownerId: options.userId, status: "draft", dayCount: 0, draftDays: days })
    .returning();
  return toBuilderPlan(db, row!);
}

export async function getBuilderPlan(db: Database, options: { userId: string; planId: string }): Promise<BuilderPlan> {
  await requireBuilderAccess(db, options.userId);
  return toBuilderPlan(db, await ownPlanRow(db, options));
}

/** Every reference of every day, checked against the Bible: "days.2.passages.0: Day 3: ..." for each bad one. */
function referenceProblems(days: BuilderDay[]): string[] {
  const problems: string[] = [];
  days.forEach((day, i) => {
    for (const field of ["passages", "references"] as const) {
      day[field].forEach((reference, j) => {
        try {
          resolveWebReference(reference);
        } catch (error) {
          if (!(error instanceof BibleReferenceError)) throw error;
          problems.push(`days.${i}.${field}.${j}: Day ${i + 1}: "${reference}" is not a passage we can find. ${error.message}`);
        }
      });
    }
  });
  return problems;
}

function refuse(problems: string[]): never {
  throw new AppError("BAD_REQUEST", problems[0]!.replace(/^[\w.]+: /, ""), { issues: problems });
}

/** Save as draft: the working copy, checked (references too) but not yet asked to be whole. */
export async function saveDraft(
  db: Database,
  options: { userId: string; planId: string; plan: BuilderPlanInput },
): Promise<BuilderPlan> {
  await requireBuilderAccess(db, options.userId);
  const problems = referenceProblems(options.plan.days);
  if (problems.length) refuse(problems);
  return db.transaction(async (tx) => {
    await ownPlanRow(tx, options, true);
    const { plan } = options;
    const [row] = await tx
      .update(plans)
      .set({
        title: plan.title,
        promise: plan.promise,
        description: plan.description,
        theme: plan.theme,
        minutesPerDay: plan.minutes_per_day,
        draftDays: plan.days,
        updatedAt: new Date(),
      })
      .where(eq(plans.id, options.planId))
      .returning();
    return toBuilderPlan(tx, row!);
  });
}

/**
 * Publish: every day whole and every reference real, then the working copy becomes the plan's days. Days keep their
 * ids by place (so followers keep their progress on them); days past the new end go, with their progress.
 */
export async function publishPlan(db: Database, options: { userId: string; planId: string }): Promise<BuilderPlan> {
  await requireBuilderAccess(db, options.userId);
  return db.transaction(async (tx) => {
    const row = await ownPlanRow(tx, options, true);
    const days = (row.draftDays as Partial<BuilderDay>[]).map(toBuilderDay);
    if (days.length === 0) {
      if (row.status === "ready") throw new AppError("CONFLICT", "There are no changes to publish.");
      refuse(["days: A plan has at least one day"]);
    }
    const problems = [
      ...days.flatMap((day, i) => dayGaps(day).map((gap) => `days.${i}.${gap.field}: Day ${i + 1} ${gap.message}.`)),
      ...referenceProblems(days),
    ];
    if (!row.promise.trim()) problems.unshift("promise: Say in a line what the plan promises.");
    if (problems.length) refuse(problems);
    if (days.length > 0) {
      await tx
        .insert(planDays)
        .values(
          days.map((day, i) => ({
            planId: row.id,
            dayNumber: i + 1,
            title: day.title,
            passages: day.passages,
            citedReferences: day.references,
            reading: day.reading,
            questions: day.questions.filter((q) => q.trim()),
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
      await tx.delete(planDays).where(and(eq(planDays.planId, row.id), gt(planDays.dayNumber, days.length)));
    }
    const [published] = await tx
      .update(plans)
      .set({ status: "ready", dayCount: days.length, draftDays: [], updatedAt: new Date() })
      .where(eq(plans.id, row.id))
      .returning();
    return toBuilderPlan(tx, published!);
  });
}

/** Throw away the unpublished changes of a published plan (a draft is deleted instead). */
export async function discardChanges(db: Database, options: { userId: string; planId: string }): Promise<BuilderPlan> {
  return db.transaction(async (tx) => {
    const row = await ownPlanRow(tx, options, true);
    if (row.status !== "ready") throw new AppError("CONFLICT", "A draft has nothing published to go back to. Delete it instead.");
    const [updated] = await tx
      .update(plans)
      .set({ draftDays: [], updatedAt: new Date() })
      .where(eq(plans.id, row.id))
      .returning();
    return toBuilderPlan(tx, updated!);
  });
}

/** Delete a plan I made; not while others follow it with me (they would lose it). Its cover's file goes with it. */
export async function deleteOwnPlan(
  db: Database,
  storage: StorageProvider,
  options: { userId: string; planId: string },
): Promise<void> {
  const imageUrl = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: plans.id, imageUrl: plans.imageUrl })
      .from(plans)
      .where(and(eq(plans.id, options.planId), eq(plans.ownerId, options.userId), eq(plans.source, "custom")))
      .for("update");
    if (!row) throw notFound("That plan");
    const others = await tx
      .select({ id: planEnrollments.id })
      .from(planEnrollments)
      .where(and(eq(planEnrollments.planId, options.planId), sql`${planEnrollments.userId} <> ${options.userId}`))
      .limit(1);
    if (others.length) throw new AppError("CONFLICT", "Others are following this plan. It stays while they do.");
    await tx.delete(plans).where(inArray(plans.id, [options.planId]));
    return row.imageUrl;
  });
  await deleteStoredFile(storage, imageUrl);
}

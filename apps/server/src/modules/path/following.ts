import { and, eq, sql } from "drizzle-orm";
import {
  addDays,
  daysBetween,
  PLAN_START_MAX_DAYS_AHEAD,
  planSchedule,
  resetStartDate,
  resumedStartDate,
  type PlanDayResult,
  type PlanDetail,
} from "@shepherd/shared";
import { schema, type Database, type Executor } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { dayMadeOn, userDay } from "../devotional/service";
import { getPlan, visiblePlanWithEnrollment } from "./service";

/**
 * Following a plan: start it, complete (or undo) a day, pause, resume, restart, reset the schedule, leave. Each change
 * takes his enrollment's row lock, so two at once cannot both pass a check.
 */

const { plans, planDays, planEnrollments, planDayCompletions } = schema;

// --- Following a plan -----------------------------------------------------------------------------------------------

/** My enrollment in a plan, locked for a change; 404 when I don't follow it. */
async function myEnrollment(tx: Executor, options: { userId: string; planId: string }) {
  const [row] = await tx
    .select({
      id: planEnrollments.id,
      status: planEnrollments.status,
      startDate: planEnrollments.startDate,
      pausedOn: planEnrollments.pausedOn,
      dayCount: plans.dayCount,
    })
    .from(planEnrollments)
    .innerJoin(plans, eq(plans.id, planEnrollments.planId))
    .where(and(eq(planEnrollments.userId, options.userId), eq(planEnrollments.planId, options.planId)))
    .for("update", { of: planEnrollments });
  if (!row) throw new AppError("NOT_FOUND", "You are not following that plan.");
  return row;
}

async function completedDays(tx: Executor, enrollmentId: string): Promise<number[]> {
  const rows = await tx
    .select({ day: planDays.dayNumber })
    .from(planDayCompletions)
    .innerJoin(planDays, eq(planDays.id, planDayCompletions.planDayId))
    .where(eq(planDayCompletions.enrollmentId, enrollmentId));
  return rows.map((r) => r.day);
}

/**
 * Start following a plan: day 1 opens on `startDate` (his today by default, or a day up to 60 ahead). Following it
 * again after finishing starts it afresh; following one he follows already is a 409.
 */
export async function followPlan(
  db: Database,
  options: { userId: string; planId: string; startDate?: string; now?: Date },
): Promise<PlanDetail> {
  const { date: today } = await userDay(db, options.userId, options.now);
  const startDate = options.startDate ?? today;
  if (Number.isNaN(Date.parse(`${startDate}T00:00:00Z`)) || addDays(startDate, 0) !== startDate) {
    throw new AppError("BAD_REQUEST", `${startDate} is not a date. Give the date as YYYY-MM-DD.`);
  }
  const ahead = daysBetween(today, startDate);
  if (ahead < 0) throw new AppError("BAD_REQUEST", "A plan starts today or on a day to come, not in the past.");
  if (ahead > PLAN_START_MAX_DAYS_AHEAD) {
    throw new AppError("BAD_REQUEST", `Choose a start within the next ${PLAN_START_MAX_DAYS_AHEAD} days.`);
  }
  const { outline } = await visiblePlanWithEnrollment(db, options);
  if (outline.status === "draft") throw new AppError("CONFLICT", "Publish this plan in the builder to start it.");
  if (outline.dayCount === 0) throw new AppError("CONFLICT", "This plan is still being written. Try again in a moment.");
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: planEnrollments.id, status: planEnrollments.status })
      .from(planEnrollments)
      .where(and(eq(planEnrollments.userId, options.userId), eq(planEnrollments.planId, options.planId)))
      .for("update");
    if (existing && existing.status !== "completed") {
      throw new AppError("CONFLICT", "You're already following this plan.");
    }
    if (existing) {
      await tx.delete(planDayCompletions).where(eq(planDayCompletions.enrollmentId, existing.id));
      await tx
        .update(planEnrollments)
        .set({ status: "active", startDate, pausedOn: null, completedAt: null, updatedAt: new Date() })
        .where(eq(planEnrollments.id, existing.id));
    } else {
      await tx
        .insert(planEnrollments)
        .values({ userId: options.userId, planId: options.planId, startDate })
        .onConflictDoNothing();
    }
  });
  return getPlan(db, options);
}

/**
 * Mark a day complete (on his own date, or `madeOn`: the date he marked it offline, issue 18); the last one finishes
 * the plan. Marking a done day again changes nothing.
 */
export async function completeDay(
  db: Database,
  options: { userId: string; planId: string; dayNumber: number; madeOn?: string; now?: Date },
): Promise<PlanDayResult> {
  const { date: today } = await userDay(db, options.userId, options.now);
  const completedOn = dayMadeOn(today, options.madeOn, "A day marked complete");
  const finishedNow = await db.transaction(async (tx) => {
    const enrollment = await myEnrollment(tx, options);
    if (enrollment.status === "paused") throw new AppError("CONFLICT", "This plan is paused. Resume it to mark days complete.");
    if (enrollment.status === "completed") return false;
    const [day] = await tx
      .select({ id: planDays.id })
      .from(planDays)
      .where(and(eq(planDays.planId, options.planId), eq(planDays.dayNumber, options.dayNumber)));
    if (!day) throw notFound(`Day ${options.dayNumber} of this plan`);
    const before = await completedDays(tx, enrollment.id);
    const schedule = planSchedule({ ...enrollment, status: "active", today, completedDays: before });
    if (options.dayNumber > schedule.unlocked) {
      throw new AppError(
        "CONFLICT",
        `Day ${options.dayNumber} opens on ${addDays(enrollment.startDate, options.dayNumber - 1)}.`,
      );
    }
    await tx
      .insert(planDayCompletions)
      .values({ enrollmentId: enrollment.id, planDayId: day.id, userId: options.userId, completedOn })
      .onConflictDoNothing();
    const after = planSchedule({
      ...enrollment,
      status: "active",
      today,
      completedDays: [...new Set([...before, options.dayNumber])],
    });
    if (!after.finished) return false;
    await tx
      .update(planEnrollments)
      .set({ status: "completed", completedAt: options.now ?? new Date(), updatedAt: new Date() })
      .where(eq(planEnrollments.id, enrollment.id));
    return true;
  });
  return { plan: await getPlan(db, options), finished_now: finishedNow };
}

/** Undo a day marked by mistake (a finished plan is reopened). */
export async function uncompleteDay(
  db: Database,
  options: { userId: string; planId: string; dayNumber: number; now?: Date },
): Promise<PlanDetail> {
  await db.transaction(async (tx) => {
    const enrollment = await myEnrollment(tx, options);
    await tx
      .delete(planDayCompletions)
      .where(
        and(
          eq(planDayCompletions.enrollmentId, enrollment.id),
          sql`${planDayCompletions.planDayId} = (select id from ${planDays} where plan_id = ${options.planId} and day_number = ${options.dayNumber})`,
        ),
      );
    if (enrollment.status === "completed") {
      await tx
        .update(planEnrollments)
        .set({ status: "active", completedAt: null, updatedAt: new Date() })
        .where(eq(planEnrollments.id, enrollment.id));
    }
  });
  return getPlan(db, options);
}

type ScheduleChange = "pause" | "resume" | "restart" | "reset";

/**
 * pause: the schedule waits (no day opens) until resume, which moves it on by the days it waited. restart: day 1 again
 * today, every day undone. reset: move the plan so the first day not done is today's (the "Reset schedule" of a man
 * who fell behind).
 */
export async function changeSchedule(
  db: Database,
  options: { userId: string; planId: string; change: ScheduleChange; now?: Date },
): Promise<PlanDetail> {
  const { date: today } = await userDay(db, options.userId, options.now);
  await db.transaction(async (tx) => {
    const enrollment = await myEnrollment(tx, options);
    const set = (values: Partial<typeof planEnrollments.$inferInsert>) =>
      tx
        .update(planEnrollments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(planEnrollments.id, enrollment.id));
    switch (options.change) {
      case "pause":
        if (enrollment.status !== "active") throw new AppError("CONFLICT", "Only a plan in progress can be paused.");
        await set({ status: "paused", pausedOn: today });
        return;
      case "resume":
        if (enrollment.status !== "paused") throw new AppError("CONFLICT", "This plan is not paused.");
        await set({
          status: "active",
          pausedOn: null,
          startDate: resumedStartDate({ startDate: enrollment.startDate, pausedOn: enrollment.pausedOn ?? today, today }),
        });
        return;
      case "restart":
        await tx.delete(planDayCompletions).where(eq(planDayCompletions.enrollmentId, enrollment.id));
        await set({ status: "active", startDate: today, pausedOn: null, completedAt: null });
        return;
      case "reset": {
        if (enrollment.status !== "active") throw new AppError("CONFLICT", "Only a plan in progress can be rescheduled.");
        const completed = await completedDays(tx, enrollment.id);
        await set({ startDate: resetStartDate({ today, completedDays: completed, dayCount: enrollment.dayCount }) });
        return;
      }
    }
  });
  return getPlan(db, options);
}

/** Stop following a plan: it leaves My plans with its progress. */
export async function leavePlan(db: Database, options: { userId: string; planId: string }): Promise<void> {
  const rows = await db
    .delete(planEnrollments)
    .where(and(eq(planEnrollments.userId, options.userId), eq(planEnrollments.planId, options.planId)))
    .returning({ id: planEnrollments.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND", "You are not following that plan.");
}

import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  addDays,
  daysBetween,
  onboardingChoices,
  PLAN_LENGTHS,
  PLAN_START_MAX_DAYS_AHEAD,
  planSchedule,
  recommendPlans,
  resetStartDate,
  resumedStartDate,
  type CurrentTopicId,
  type EnrollmentState,
  type EnrollmentStatus,
  type FocusThemeId,
  type MyPlan,
  type MyPlans,
  type PlanDetail,
  type PlanDayResult,
  type PlanLengthId,
  type PlanSource,
  type PlanSummary,
} from "@shepherd/shared";
import { prepared, schema, type Database, type Executor } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { dayIn, userDay } from "../devotional/service";

/**
 * The Path's rules and queries: the library, following a plan, its schedule (one day opens per calendar day in the
 * member's time zone; shared/path.ts decides where he stands), completing days, pausing, restarting, resetting the
 * schedule, leaving. A day's page (its text, journal entry and audio) is in days.ts. Design: docs/path.md.
 */

const { plans, planDays, planEnrollments, planDayCompletions, profiles } = schema;

const PLAN_NOT_FOUND = "That plan";

/** A plan I may see: the starter library (a retired one only while I follow it) and my own plans. */
function visibleTo(userId: string): SQL {
  return or(
    and(eq(plans.source, "starter"), isNull(plans.retiredAt)),
    eq(plans.ownerId, userId),
    sql`exists (select 1 from plan_enrollments e where e.plan_id = plans.id and e.user_id = ${userId})`,
  )!;
}

const planColumns = {
  id: plans.id,
  source: plans.source,
  theme: plans.theme,
  title: plans.title,
  promise: plans.promise,
  description: plans.description,
  topics: plans.topics,
  dayCount: plans.dayCount,
  minutesPerDay: plans.minutesPerDay,
};

type PlanRow = { [K in keyof typeof planColumns]: (typeof planColumns)[K]["_"]["data"] };

interface EnrollmentRow {
  status: string;
  startDate: string;
  pausedOn: string | null;
  completedAt: Date | null;
  /** [day number, his date of completing it] */
  completions: Array<[number, string]>;
}

/**
 * The enrollment's columns and its completions in one subquery, beside a plan row. Subqueries name the outer table in
 * full: Drizzle writes a column unqualified in a one-table query, and the subquery would read it as its own.
 */
const enrollmentColumns = {
  status: planEnrollments.status,
  startDate: planEnrollments.startDate,
  pausedOn: planEnrollments.pausedOn,
  completedAt: planEnrollments.completedAt,
  completions: sql<Array<[number, string]>>`coalesce((select json_agg(json_build_array(d.day_number, c.completed_on))
    from plan_day_completions c join plan_days d on d.id = c.plan_day_id where c.enrollment_id = plan_enrollments.id), '[]')`,
};

function enrollmentState(row: EnrollmentRow, dayCount: number, today: string): EnrollmentState {
  const schedule = planSchedule({
    dayCount,
    status: row.status as EnrollmentStatus,
    startDate: row.startDate,
    pausedOn: row.pausedOn,
    today,
    completedDays: row.completions.map(([day]) => day),
  });
  return {
    status: row.status as EnrollmentStatus,
    start_date: row.startDate,
    paused_on: row.pausedOn,
    completed_at: row.completedAt?.toISOString() ?? null,
    unlocked: schedule.unlocked,
    next_day: schedule.nextDay,
    behind: schedule.behind,
    completed_count: schedule.completedCount,
    percent: schedule.percent,
  };
}

function toSummary(row: PlanRow, enrollment: EnrollmentState | null): PlanSummary {
  return {
    id: row.id,
    source: row.source as PlanSource,
    theme: row.theme as FocusThemeId,
    title: row.title,
    promise: row.promise,
    description: row.description,
    topics: row.topics as CurrentTopicId[],
    day_count: row.dayCount,
    minutes_per_day: row.minutesPerDay,
    enrollment,
  };
}

// --- My plans and Today -------------------------------------------------------------------------------------------

/**
 * Every plan I follow, with where I stand, the title of my next day and what I did today: one round trip (the
 * statement also brings my time zone, so "today" is mine). Active and paused ones first by when I joined; finished ones
 * after, newest first.
 */
export async function myPlans(db: Database, options: { userId: string; now?: Date }): Promise<MyPlans> {
  const rows = await prepared(db, "path_my_plans", () =>
    db
      .select({
        ...planColumns,
        ...enrollmentColumns,
        dayTitles: sql<string[]>`array(select d.title from plan_days d where d.plan_id = plans.id order by d.day_number)`,
        timeZone: sql<string | null>`(select p.time_zone from profiles p where p.id = plan_enrollments.user_id)`,
      })
      .from(planEnrollments)
      .innerJoin(plans, eq(plans.id, planEnrollments.planId))
      .where(eq(planEnrollments.userId, sql.placeholder("userId")))
      .orderBy(asc(planEnrollments.createdAt))
      .prepare("path_my_plans"),
  ).execute({ userId: options.userId });
  if (rows.length === 0) return { active: [], completed: [] };
  const { date: today } = dayIn(options.now ?? new Date(), rows[0]!.timeZone);
  const mine: MyPlan[] = rows.map((row) => {
    const enrollment = enrollmentState(row, row.dayCount, today);
    const doneToday = row.completions.filter(([, on]) => on === today).map(([day]) => day);
    return {
      ...toSummary(row, enrollment),
      enrollment,
      next_day_title: enrollment.next_day ? (row.dayTitles[enrollment.next_day - 1] ?? null) : null,
      done_today: doneToday.length ? Math.max(...doneToday) : null,
    };
  });
  return {
    active: mine.filter((p) => p.enrollment.status !== "completed"),
    completed: mine
      .filter((p) => p.enrollment.status === "completed")
      .sort((a, b) => (b.enrollment.completed_at ?? "").localeCompare(a.enrollment.completed_at ?? "")),
  };
}

// --- The library ----------------------------------------------------------------------------------------------------

/** Plans to find, recommended first by my focus and current topics, each with my enrollment when I follow it. */
export async function listPlans(
  db: Database,
  options: { userId: string; theme?: FocusThemeId; length?: PlanLengthId; now?: Date },
): Promise<PlanSummary[]> {
  const conditions: SQL[] = [and(eq(plans.source, "starter"), isNull(plans.retiredAt))!];
  if (options.theme) conditions.push(eq(plans.theme, options.theme));
  if (options.length) {
    const range = PLAN_LENGTHS.find((l) => l.id === options.length)!;
    conditions.push(sql`${plans.dayCount} between ${range.min} and ${range.max}`);
  }
  const [rows, [profile], { date: today }, enrollments] = await Promise.all([
    db
      .select(planColumns)
      .from(plans)
      .where(and(...conditions)),
    db.select({ focus: profiles.focus, topics: profiles.currentTopics }).from(profiles).where(eq(profiles.id, options.userId)),
    userDay(db, options.userId, options.now),
    enrollmentsOf(db, options.userId),
  ]);
  const summaries = rows.map((row) => {
    const mine = enrollments.get(row.id);
    return { ...toSummary(row, mine ? enrollmentState(mine, row.dayCount, today) : null), dayCount: row.dayCount };
  });
  const ranked = recommendPlans(summaries, { focus: profile?.focus ?? [], currentTopics: profile?.topics ?? [] });
  return ranked.map(({ dayCount: _dayCount, ...summary }) => summary);
}

async function enrollmentsOf(db: Executor, userId: string): Promise<Map<string, EnrollmentRow>> {
  const rows = await db
    .select({ planId: planEnrollments.planId, ...enrollmentColumns })
    .from(planEnrollments)
    .where(eq(planEnrollments.userId, userId));
  return new Map(rows.map((r) => [r.planId, r]));
}

/** Onboarding's plan selection: three starter plans for the focus and topics he just chose. */
export async function onboardingPlans(db: Database, options: { userId: string }): Promise<PlanSummary[]> {
  const [rows, [profile]] = await Promise.all([
    db
      .select(planColumns)
      .from(plans)
      .where(and(eq(plans.source, "starter"), isNull(plans.retiredAt))),
    db.select({ focus: profiles.focus, topics: profiles.currentTopics }).from(profiles).where(eq(profiles.id, options.userId)),
  ]);
  const choices = onboardingChoices(
    rows.map((row) => ({ ...row, topics: row.topics as CurrentTopicId[], theme: row.theme as FocusThemeId })),
    { focus: profile?.focus ?? [], currentTopics: profile?.topics ?? [] },
  );
  return choices.map((row) => toSummary(row, null));
}

// --- One plan -------------------------------------------------------------------------------------------------------

async function findPlan(db: Executor, options: { userId: string; planId: string }): Promise<PlanRow> {
  const [row] = await db
    .select(planColumns)
    .from(plans)
    .where(and(eq(plans.id, options.planId), visibleTo(options.userId)));
  if (!row) throw notFound(PLAN_NOT_FOUND);
  return row;
}

/** A plan with its days: which are open to me and done, and when the later ones open. */
export async function getPlan(db: Database, options: { userId: string; planId: string; now?: Date }): Promise<PlanDetail> {
  const [plan, days, enrollments, { date: today }] = await Promise.all([
    findPlan(db, options),
    db
      .select({ id: planDays.id, dayNumber: planDays.dayNumber, title: planDays.title, passages: planDays.passages })
      .from(planDays)
      .where(eq(planDays.planId, options.planId))
      .orderBy(asc(planDays.dayNumber)),
    enrollmentsOf(db, options.userId),
    userDay(db, options.userId, options.now),
  ]);
  const mine = enrollments.get(options.planId);
  const enrollment = mine ? enrollmentState(mine, plan.dayCount, today) : null;
  const done = new Set(mine?.completions.map(([day]) => day) ?? []);
  return {
    ...toSummary(plan, enrollment),
    days: days.map((day) => ({
      id: day.id,
      day_number: day.dayNumber,
      title: day.title,
      passages: day.passages,
      open: enrollment ? day.dayNumber <= enrollment.unlocked : day.dayNumber === 1,
      completed: done.has(day.dayNumber),
      opens_on:
        enrollment && enrollment.status === "active" && day.dayNumber > enrollment.unlocked
          ? addDays(enrollment.start_date, day.dayNumber - 1)
          : null,
    })),
  };
}

/** Whether a follower may read a day (open by his schedule), or anyone day 1 as a preview; 403 with why otherwise. */
export async function checkDayOpen(
  db: Database,
  options: { userId: string; planId: string; dayNumber: number; now?: Date },
): Promise<PlanDetail> {
  const plan = await getPlan(db, options);
  const day = plan.days.find((d) => d.day_number === options.dayNumber);
  if (!day) throw notFound(`Day ${options.dayNumber} of this plan`);
  if (!day.open) {
    if (!plan.enrollment) throw new AppError("FORBIDDEN", `Start this plan to read day ${options.dayNumber}.`);
    if (plan.enrollment.status === "paused") {
      throw new AppError("FORBIDDEN", `This plan is paused. Resume it to open day ${options.dayNumber}.`);
    }
    throw new AppError("FORBIDDEN", `Day ${options.dayNumber} opens on ${day.opens_on}. Come back then.`);
  }
  return plan;
}

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
  await db.transaction(async (tx) => {
    const plan = await findPlan(tx, options);
    if (plan.dayCount === 0) throw new AppError("CONFLICT", "This plan is still being written. Try again in a moment.");
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

/** Mark a day complete (on his own date); the last one finishes the plan. Marking a done day again changes nothing. */
export async function completeDay(
  db: Database,
  options: { userId: string; planId: string; dayNumber: number; now?: Date },
): Promise<PlanDayResult> {
  const { date: today } = await userDay(db, options.userId, options.now);
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
      .values({ enrollmentId: enrollment.id, planDayId: day.id, userId: options.userId, completedOn: today })
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

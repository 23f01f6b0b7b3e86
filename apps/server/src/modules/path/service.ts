import { and, eq } from "drizzle-orm";
import {
  addDays,
  onboardingChoices,
  PLAN_LENGTHS,
  planSchedule,
  recommendPlans,
  type CurrentTopicId,
  type EnrollmentState,
  type EnrollmentStatus,
  type FocusThemeId,
  type MyPlan,
  type MyPlans,
  type PlanDetail,
  type PlanLengthId,
  type PlanSource,
  type PlanStatus,
  type PlanSummary,
} from "@shepherd/shared";
import { schema, type Database } from "../../db/client";
import type { MemberRows } from "../../db/member-rows";
import { AppError, notFound } from "../../errors";
import { dayIn } from "../devotional/service";
import { myEnrollmentIn, myEnrollments, type EnrollmentRow } from "./enrollments";
import { planOutlines, starterOutlines, visiblePlan, type PlanOutline, type PlanRow } from "./outlines";

/**
 * The Path's rules and queries: the library, following a plan, its schedule (one day opens per calendar day in the
 * member's time zone; shared/path.ts decides where he stands), completing days, pausing, restarting, resetting the
 * schedule, leaving. A day's page (its text, journal entry and audio) is in days.ts. Design: docs/path.md.
 */

const { profiles, planGroups, planGroupMembers } = schema;

const PLAN_NOT_FOUND = "That plan";

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

export function toSummary(row: PlanRow, enrollment: EnrollmentState | null): PlanSummary {
  const status = row.status as PlanStatus;
  return {
    id: row.id,
    source: row.source as PlanSource,
    status,
    generation:
      status === "generating" || status === "failed"
        ? { written: row.written, total: row.asked ?? row.dayCount, error: row.generationError }
        : null,
    theme: row.theme as FocusThemeId,
    title: row.title,
    promise: row.promise,
    description: row.description,
    topics: row.topics as CurrentTopicId[],
    day_count: row.dayCount,
    minutes_per_day: row.minutesPerDay,
    image_url: row.imageUrl,
    listen_first: row.listenFirst,
    enrollment,
  };
}

// --- My plans and Today -------------------------------------------------------------------------------------------

/**
 * Every plan I follow, with where I stand, the title of my next day and what I did today: one round trip (the
 * statement also brings my time zone, so "today" is mine). Active and paused ones first by when I joined; finished ones
 * after, newest first.
 */
export async function myPlans(db: Database, options: { userId: string; now?: Date; kept?: MemberRows }): Promise<MyPlans> {
  const { timeZone, enrollments: rows, own: ownIds } = await myEnrollments(db, options.userId, options.kept);
  if (rows.length === 0 && ownIds.length === 0) return { active: [], completed: [], own: [] };
  const outlines = await planOutlines(db, [...new Set([...rows.map((r) => r.planId), ...ownIds])]);
  const { date: today } = dayIn(options.now ?? new Date(), timeZone);
  const mine: MyPlan[] = rows.flatMap((row) => {
    const outline = outlines.get(row.planId);
    if (!outline) return [];
    const enrollment = enrollmentState(row, outline.dayCount, today);
    const doneToday = row.completions.filter(([, on]) => on === today).map(([day]) => day);
    const { promise: _promise, description: _description, topics: _topics, ...summary } = toSummary(outline, enrollment);
    return [
      {
        ...summary,
        enrollment,
        next_day_title: enrollment.next_day ? (outline.days[enrollment.next_day - 1]?.title ?? null) : null,
        done_today: doneToday.length ? Math.max(...doneToday) : null,
      },
    ];
  });
  const following = new Map(mine.map((p) => [p.id, p.enrollment]));
  return {
    own: ownIds.flatMap((id) => {
      const outline = outlines.get(id);
      return outline ? [toSummary(outline, following.get(id) ?? null)] : [];
    }),
    active: mine.filter((p) => p.enrollment.status !== "completed"),
    completed: mine
      .filter((p) => p.enrollment.status === "completed")
      .sort((a, b) => (b.enrollment.completed_at ?? "").localeCompare(a.enrollment.completed_at ?? "")),
  };
}

// --- The library ----------------------------------------------------------------------------------------------------

/** What recommendations read of a man: his focus, current topics, and his date. */
async function person(db: Database, userId: string, now?: Date) {
  const [row] = await db
    .select({ focus: profiles.focus, topics: profiles.currentTopics, timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { focus: row?.focus ?? [], currentTopics: row?.topics ?? [], today: dayIn(now ?? new Date(), row?.timeZone).date };
}

const offered = (outline: PlanOutline) => outline.source === "starter" && outline.retiredAt === null && outline.dayCount > 0;

/** Plans to find, recommended first by my focus and current topics, each with my enrollment when I follow it. */
export async function listPlans(
  db: Database,
  options: { userId: string; theme?: FocusThemeId; length?: PlanLengthId; now?: Date; kept?: MemberRows },
): Promise<PlanSummary[]> {
  const range = options.length ? PLAN_LENGTHS.find((l) => l.id === options.length) : undefined;
  const [library, me, enrollments] = await Promise.all([
    starterOutlines(db),
    person(db, options.userId, options.now),
    myEnrollments(db, options.userId, options.kept),
  ]);
  const mine = new Map(enrollments.enrollments.map((e) => [e.planId, e]));
  const shown = library.filter(
    (p) =>
      offered(p) &&
      (!options.theme || p.theme === options.theme) &&
      (!range || (p.dayCount >= range.min && p.dayCount <= range.max)),
  );
  const ranked = recommendPlans(
    shown.map((p) => ({ ...p, topics: p.topics as CurrentTopicId[], theme: p.theme as FocusThemeId })),
    me,
  );
  return ranked.map((outline) => {
    const enrollment = mine.get(outline.id);
    return toSummary(outline, enrollment ? enrollmentState(enrollment, outline.dayCount, me.today) : null);
  });
}

/** Onboarding's plan selection: three starter plans for the focus and topics he just chose. */
export async function onboardingPlans(db: Database, options: { userId: string }): Promise<PlanSummary[]> {
  const [library, me] = await Promise.all([starterOutlines(db), person(db, options.userId)]);
  const choices = onboardingChoices(
    library.filter(offered).map((p) => ({ ...p, topics: p.topics as CurrentTopicId[], theme: p.theme as FocusThemeId })),
    me,
  );
  return choices.map((outline) => toSummary(outline, null));
}

// --- One plan -------------------------------------------------------------------------------------------------------

/** Whether a plan is shared with me by a group I am in (so I may see it though it is another member's own plan). */
async function sharedWithMe(db: Database, options: { userId: string; planId: string }): Promise<boolean> {
  const rows = await db
    .select({ groupId: planGroupMembers.groupId })
    .from(planGroupMembers)
    .innerJoin(planGroups, eq(planGroups.id, planGroupMembers.groupId))
    .where(and(eq(planGroups.planId, options.planId), eq(planGroupMembers.userId, options.userId)))
    .limit(1);
  return rows.length > 0;
}

/** A plan I may see (404 otherwise), with my enrollment in it. */
export async function visiblePlanWithEnrollment(
  db: Database,
  options: { userId: string; planId: string; now?: Date; kept?: MemberRows },
) {
  const [outlines, mine] = await Promise.all([planOutlines(db, [options.planId]), myEnrollmentIn(db, options)]);
  const outline = outlines.get(options.planId);
  const row = mine.enrollment;
  if (!outline) throw notFound(PLAN_NOT_FOUND);
  if (!visiblePlan(outline, { userId: options.userId, following: row !== null })) {
    // Another member's own plan, which he may see when his flock shares it with him (together.ts).
    if (outline.status !== "ready" || !(await sharedWithMe(db, options))) throw notFound(PLAN_NOT_FOUND);
  }
  return { outline, row, today: dayIn(options.now ?? new Date(), mine.timeZone).date };
}

/** A plan with its days: which are open to me and done, and when the later ones open. */
export async function getPlan(
  db: Database,
  options: { userId: string; planId: string; now?: Date; kept?: MemberRows },
): Promise<PlanDetail> {
  const { outline, row, today } = await visiblePlanWithEnrollment(db, options);
  const enrollment = row ? enrollmentState(row, outline.dayCount, today) : null;
  const done = new Set(row?.completions.map(([day]) => day) ?? []);
  return {
    ...toSummary(outline, enrollment),
    days: outline.days.map((day) => ({
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

import { desc, eq } from "drizzle-orm";
import { schema } from "../../db/client";
import { ownFiles, ownRows, type PersonData } from "../../db/person-data";

const { plans, planDays, planEnrollments, planDayCompletions, planDayComments, planGroups, planGroupMembers, flocks } = schema;

/**
 * The plans he made, follows (or finished), the days he marked complete, the plans he follows with a flock and what he
 * wrote in their discussions; all of it goes with him by the cascade.
 */
export const pathData: PersonData = {
  export: {
    plans_made: ownRowsOfOwner(),
    plans_followed: (db, userId) =>
      db
        .select({
          plan: plans.title,
          status: planEnrollments.status,
          start_date: planEnrollments.startDate,
          paused_on: planEnrollments.pausedOn,
          completed_at: planEnrollments.completedAt,
          joined_at: planEnrollments.createdAt,
        })
        .from(planEnrollments)
        .innerJoin(plans, eq(plans.id, planEnrollments.planId))
        .where(eq(planEnrollments.userId, userId))
        .orderBy(desc(planEnrollments.createdAt)),
    plan_days_completed: (db, userId) =>
      db
        .select({
          plan: plans.title,
          day: planDays.dayNumber,
          title: planDays.title,
          completed_on: planDayCompletions.completedOn,
          completed_at: planDayCompletions.completedAt,
        })
        .from(planDayCompletions)
        .innerJoin(planDays, eq(planDays.id, planDayCompletions.planDayId))
        .innerJoin(plans, eq(plans.id, planDays.planId))
        .where(eq(planDayCompletions.userId, userId))
        .orderBy(desc(planDayCompletions.completedAt)),
    plans_with_flocks: (db, userId) =>
      db
        .select({ plan: plans.title, flock: flocks.name, status: planGroupMembers.status, joined_at: planGroupMembers.joinedAt })
        .from(planGroupMembers)
        .innerJoin(planGroups, eq(planGroups.id, planGroupMembers.groupId))
        .innerJoin(plans, eq(plans.id, planGroups.planId))
        .innerJoin(flocks, eq(flocks.id, planGroups.flockId))
        .where(eq(planGroupMembers.userId, userId)),
    plan_day_comments: ownRows(
      planDayComments,
      { body: planDayComments.body, created_at: planDayComments.createdAt, updated_at: planDayComments.updatedAt },
      planDayComments.createdAt,
    ),
  },
  /** The covers of the plans he made go with them. */
  beforeDelete: ownFiles(plans, { owner: plans.ownerId, file: plans.imageUrl }),
};

/** His own plans as he made them: the brief he gave the wizard, and the days (published or in the builder). */
function ownRowsOfOwner(): PersonData["export"][string] {
  return async (db, userId) => {
    const made = await db
      .select({
        id: plans.id,
        title: plans.title,
        promise: plans.promise,
        description: plans.description,
        status: plans.status,
        brief: plans.brief,
        draft_days: plans.draftDays,
        created_at: plans.createdAt,
      })
      .from(plans)
      .where(eq(plans.ownerId, userId))
      .orderBy(desc(plans.createdAt));
    const days = made.length
      ? await db
          .select({
            planId: planDays.planId,
            day: planDays.dayNumber,
            title: planDays.title,
            passages: planDays.passages,
            reading: planDays.reading,
            questions: planDays.questions,
            challenge: planDays.challenge,
            prayer: planDays.prayer,
          })
          .from(planDays)
          .innerJoin(plans, eq(plans.id, planDays.planId))
          .where(eq(plans.ownerId, userId))
          .orderBy(planDays.planId, planDays.dayNumber)
      : [];
    return made.map(({ id, ...plan }) => ({
      ...plan,
      days: days.filter((d) => d.planId === id).map(({ planId: _planId, ...day }) => day),
    }));
  };
}

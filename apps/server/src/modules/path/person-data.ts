import { desc, eq } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { plans, planDays, planEnrollments, planDayCompletions } = schema;

/** The plans he follows (or finished) and the days he marked complete; his own plans go with him by the cascade. */
export const pathData: PersonData = {
  export: {
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
  },
};

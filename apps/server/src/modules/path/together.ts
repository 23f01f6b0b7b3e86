import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { GroupMemberStatus, PlanGroup, PlanGroupSummary } from "@shepherd/shared";
import { schema, type Database, type Executor } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { activeMemberIds, requireMembership, touchFlock } from "../community/membership";
import { personColumns, personRef } from "../profiles/people";
import { followPlan } from "./following";
import { visiblePlanWithEnrollment } from "./service";

/**
 * Plans followed with the flock. A member starts a plan with his flock (everyone in it, or the members he chooses):
 * that makes the flock's group for the plan, with him in it and the others invited. Each member's progress is his own
 * enrollment, as for any plan; the group lets its members (and only them, while they are in the flock) see one
 * another's days, and gives each day a discussion (community/threads.ts, planDayThread). Leaving the flock takes him
 * out of its groups (a foreign key to his flock membership); his own progress stays.
 */

const {
  plans,
  planGroups,
  planGroupMembers,
  planDayDiscussions,
  planEnrollments,
  planDayCompletions,
  planDays,
  flocks,
  profiles,
} = schema;

const GROUP = "That shared plan";

/** My place in a group: 404 unless I am in it and still in its flock. */
async function requireGroupMember(db: Executor, options: { userId: string; groupId: string }) {
  const [row] = await db
    .select({ planId: planGroups.planId, flockId: planGroups.flockId, status: planGroupMembers.status })
    .from(planGroupMembers)
    .innerJoin(planGroups, eq(planGroups.id, planGroupMembers.groupId))
    .where(and(eq(planGroupMembers.groupId, options.groupId), eq(planGroupMembers.userId, options.userId)));
  if (!row) throw notFound(GROUP);
  await requireMembership(db, { flockId: row.flockId, userId: options.userId }).catch(() => {
    throw notFound(GROUP);
  });
  return row;
}

async function followIfNot(db: Database, options: { userId: string; planId: string }) {
  const [enrollment] = await db
    .select({ status: planEnrollments.status })
    .from(planEnrollments)
    .where(and(eq(planEnrollments.userId, options.userId), eq(planEnrollments.planId, options.planId)));
  if (!enrollment || enrollment.status === "completed") await followPlan(db, options);
}

/** Start a plan with my flock (or the members I choose): I am in, they are invited. Again with more members adds them. */
export async function startTogether(
  db: Database,
  options: { userId: string; planId: string; flockId: string; memberIds?: string[] },
): Promise<PlanGroup> {
  await requireMembership(db, { flockId: options.flockId, userId: options.userId });
  const { outline } = await visiblePlanWithEnrollment(db, options);
  if (outline.status !== "ready" || outline.dayCount === 0) {
    throw new AppError("CONFLICT", "Only a plan with its days can be started with the flock.");
  }
  const active = new Set(await activeMemberIds(db, options.flockId));
  const chosen = options.memberIds ?? [...active];
  const strangers = chosen.filter((id) => !active.has(id));
  if (strangers.length) throw new AppError("BAD_REQUEST", "Choose people who are in this flock.");
  const invitees = [...new Set(chosen)].filter((id) => id !== options.userId);
  const groupId = await db.transaction(async (tx) => {
    await tx
      .insert(planGroups)
      .values({ planId: options.planId, flockId: options.flockId, startedBy: options.userId })
      .onConflictDoNothing();
    const [group] = await tx
      .select({ id: planGroups.id })
      .from(planGroups)
      .where(and(eq(planGroups.planId, options.planId), eq(planGroups.flockId, options.flockId)));
    await tx
      .insert(planGroupMembers)
      .values({ groupId: group!.id, flockId: options.flockId, userId: options.userId, status: "joined", joinedAt: new Date() })
      .onConflictDoUpdate({
        target: [planGroupMembers.groupId, planGroupMembers.userId],
        set: { status: "joined", joinedAt: sql`coalesce(${planGroupMembers.joinedAt}, now())` },
      });
    if (invitees.length) {
      await tx
        .insert(planGroupMembers)
        .values(
          invitees.map((userId) => ({
            groupId: group!.id,
            flockId: options.flockId,
            userId,
            status: "invited",
            invitedBy: options.userId,
          })),
        )
        .onConflictDoNothing();
    }
    await touchFlock(tx, options.flockId);
    return group!.id;
  });
  await followIfNot(db, options);
  return getGroup(db, { userId: options.userId, groupId });
}

/** I join a group I was invited to: the plan becomes one I follow (if it was not already). */
export async function joinGroup(db: Database, options: { userId: string; groupId: string }): Promise<PlanGroup> {
  const { planId } = await requireGroupMember(db, options);
  await db
    .update(planGroupMembers)
    .set({ status: "joined", joinedAt: sql`coalesce(${planGroupMembers.joinedAt}, now())` })
    .where(and(eq(planGroupMembers.groupId, options.groupId), eq(planGroupMembers.userId, options.userId)));
  await followIfNot(db, { userId: options.userId, planId });
  return getGroup(db, options);
}

/** I step out of the group (or decline its invitation); my own progress in the plan stays. */
export async function leaveGroup(db: Database, options: { userId: string; groupId: string }): Promise<void> {
  await requireGroupMember(db, options);
  await db.transaction(async (tx) => {
    await tx
      .delete(planGroupMembers)
      .where(and(eq(planGroupMembers.groupId, options.groupId), eq(planGroupMembers.userId, options.userId)));
    await tx
      .delete(planGroups)
      .where(
        and(
          eq(planGroups.id, options.groupId),
          sql`not exists (select 1 from ${planGroupMembers} m where m.group_id = ${options.groupId})`,
        ),
      );
  });
}

async function summaries(db: Executor, userId: string, where: ReturnType<typeof eq>): Promise<PlanGroupSummary[]> {
  const rows = await db
    .select({
      id: planGroups.id,
      planId: plans.id,
      planTitle: plans.title,
      dayCount: plans.dayCount,
      flockId: flocks.id,
      flockName: flocks.name,
      startedBy: planGroups.startedBy,
      myStatus: planGroupMembers.status,
      joinedCount:
        sql<number>`(select count(*) from ${planGroupMembers} j where j.group_id = ${planGroups.id} and j.status = 'joined')`.mapWith(
          Number,
        ),
      userId: profiles.id,
      ...personColumns,
    })
    .from(planGroupMembers)
    .innerJoin(planGroups, eq(planGroups.id, planGroupMembers.groupId))
    .innerJoin(plans, eq(plans.id, planGroups.planId))
    .innerJoin(flocks, eq(flocks.id, planGroups.flockId))
    .leftJoin(profiles, eq(profiles.id, planGroups.startedBy))
    .where(and(eq(planGroupMembers.userId, userId), where))
    .orderBy(asc(planGroups.createdAt));
  return rows.map((row) => ({
    id: row.id,
    plan: { id: row.planId, title: row.planTitle, day_count: row.dayCount },
    flock: { id: row.flockId, name: row.flockName },
    started_by: row.userId ? personRef({ ...row, userId: row.userId }) : null,
    my_status: row.myStatus as GroupMemberStatus,
    joined_count: row.joinedCount,
  }));
}

/** The plans I follow (or am invited to follow) with a flock; only one plan's when `planId` is given. */
export async function myGroups(db: Database, options: { userId: string; planId?: string }): Promise<PlanGroupSummary[]> {
  return summaries(db, options.userId, options.planId ? eq(planGroups.planId, options.planId) : sql`true`);
}

/** A group as its members see it: each member's days done, and the days with discussion. */
export async function getGroup(db: Database, options: { userId: string; groupId: string }): Promise<PlanGroup> {
  const { planId } = await requireGroupMember(db, options);
  const [[summary], members, discussions] = await Promise.all([
    summaries(db, options.userId, eq(planGroups.id, options.groupId)),
    db
      .select({ userId: planGroupMembers.userId, status: planGroupMembers.status, ...personColumns })
      .from(planGroupMembers)
      .innerJoin(profiles, eq(profiles.id, planGroupMembers.userId))
      .where(eq(planGroupMembers.groupId, options.groupId))
      .orderBy(asc(planGroupMembers.joinedAt), asc(profiles.displayName)),
    db
      .select({ dayNumber: planDayDiscussions.dayNumber, commentCount: planDayDiscussions.commentCount })
      .from(planDayDiscussions)
      .where(and(eq(planDayDiscussions.groupId, options.groupId), sql`${planDayDiscussions.commentCount} > 0`))
      .orderBy(asc(planDayDiscussions.dayNumber)),
  ]);
  const joined = members.filter((m) => m.status === "joined").map((m) => m.userId);
  const done = joined.length
    ? await db
        .select({ userId: planEnrollments.userId, dayNumber: planDays.dayNumber })
        .from(planEnrollments)
        .innerJoin(planDayCompletions, eq(planDayCompletions.enrollmentId, planEnrollments.id))
        .innerJoin(planDays, eq(planDays.id, planDayCompletions.planDayId))
        .where(and(eq(planEnrollments.planId, planId), inArray(planEnrollments.userId, joined)))
    : [];
  const daysOf = (userId: string) =>
    done
      .filter((d) => d.userId === userId)
      .map((d) => d.dayNumber)
      .sort((a, b) => a - b);
  const dayCount = summary!.plan.day_count;
  return {
    ...summary!,
    members: members.map((m) => {
      const completed = m.status === "joined" ? daysOf(m.userId) : [];
      const next = Array.from({ length: dayCount }, (_, i) => i + 1).find((n) => !completed.includes(n)) ?? null;
      return {
        person: personRef(m),
        status: m.status as GroupMemberStatus,
        completed_days: completed,
        next_day: m.status === "joined" ? next : null,
        is_me: m.userId === options.userId,
      };
    }),
    discussions: discussions.map((d) => ({ day_number: d.dayNumber, comment_count: d.commentCount })),
  };
}

/** A day's discussion in the group (made on first use), for its comment thread; members only. */
export async function openDiscussion(db: Database, options: { userId: string; groupId: string; dayNumber: number }) {
  const { planId } = await requireGroupMember(db, options);
  const [plan] = await db.select({ dayCount: plans.dayCount }).from(plans).where(eq(plans.id, planId));
  if (!plan || options.dayNumber > plan.dayCount) throw notFound(`Day ${options.dayNumber} of this plan`);
  await db.insert(planDayDiscussions).values({ groupId: options.groupId, dayNumber: options.dayNumber }).onConflictDoNothing();
  const [row] = await db
    .select({ id: planDayDiscussions.id })
    .from(planDayDiscussions)
    .where(and(eq(planDayDiscussions.groupId, options.groupId), eq(planDayDiscussions.dayNumber, options.dayNumber)));
  return row!.id;
}

import { and, desc, eq } from "drizzle-orm";
import { schema } from "../../db/client";
import { ownRows, type PersonData } from "../../db/person-data";
import { leaveFlock } from "./flocks";

const { flocks, flockMembers, reflections, reflectionComments } = schema;

export const flockData: PersonData = {
  export: {
    flocks: (db, userId) =>
      db
        .select({ name: flocks.name, role: flockMembers.role, status: flockMembers.status, joined_at: flockMembers.joinedAt })
        .from(flockMembers)
        .innerJoin(flocks, eq(flocks.id, flockMembers.flockId))
        .where(eq(flockMembers.userId, userId)),
    flock_reflections: (db, userId) =>
      db
        .select({ flock: flocks.name, prompt: reflections.prompt, body: reflections.body, created_at: reflections.createdAt })
        .from(reflections)
        .innerJoin(flocks, eq(flocks.id, reflections.flockId))
        .where(eq(reflections.userId, userId))
        .orderBy(desc(reflections.createdAt)),
    flock_reflection_comments: ownRows(
      reflectionComments,
      {
        reflection_id: reflectionComments.reflectionId,
        body: reflectionComments.body,
        created_at: reflectionComments.createdAt,
      },
      reflectionComments.createdAt,
    ),
  },
  /** He leaves each flock the way a member would, so an owner's flock passes to the next brother instead of ending. */
  async beforeDelete(db, userId) {
    const memberships = await db
      .select({ flockId: flockMembers.flockId })
      .from(flockMembers)
      .where(and(eq(flockMembers.userId, userId), eq(flockMembers.status, "active")));
    for (const { flockId } of memberships) await leaveFlock(db, { flockId, userId });
    return [];
  },
};

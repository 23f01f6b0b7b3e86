import { and, eq, sql, type SQL } from "drizzle-orm";
import type { FlockRole } from "@shepherd/shared";
import { schema, type Executor } from "../../db/client";
import { AppError, notFound } from "../../errors";

/**
 * Who belongs to a flock. Everything kept in a flock (reflections and their comments, later plans followed together
 * and gatherings) is seen only by its active members; to anyone else it does not exist (404).
 */

const { flocks, flockMembers } = schema;

/** The member's role in the flock; 404 for anyone else, so a flock's existence is not revealed. */
export async function requireMembership(
  db: Executor,
  options: { flockId: string; userId: string },
): Promise<{ role: FlockRole }> {
  const [row] = await db
    .select({ role: flockMembers.role })
    .from(flockMembers)
    .where(
      and(eq(flockMembers.flockId, options.flockId), eq(flockMembers.userId, options.userId), eq(flockMembers.status, "active")),
    );
  if (!row) throw notFound("That flock");
  return { role: row.role as FlockRole };
}

export async function requireOwner(db: Executor, options: { flockId: string; userId: string }): Promise<void> {
  const { role } = await requireMembership(db, options);
  if (role !== "owner") throw new AppError("FORBIDDEN", "Only the flock's shepherd (its owner) can do that.");
}

/** SQL: the user is an active member of the flock in `flockId`. */
export function memberOfFlock(flockId: SQL | typeof schema.reflections.flockId, userId: string): SQL {
  return sql`exists (select 1 from ${flockMembers} m where m.flock_id = ${flockId} and m.user_id = ${userId} and m.status = 'active')`;
}

/** The flock's active members: the only people a mention inside it may reach. */
export async function activeMemberIds(db: Executor, flockId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: flockMembers.userId })
    .from(flockMembers)
    .where(and(eq(flockMembers.flockId, flockId), eq(flockMembers.status, "active")));
  return rows.map((r) => r.userId);
}

/** Something happened in the flock: it moves to the top of its members' list. */
export const touchFlock = (db: Executor, flockId: string) =>
  db.update(flocks).set({ lastActivityAt: new Date() }).where(eq(flocks.id, flockId));

import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import {
  FLOCK_MEMBERS_MAX,
  type FlockDetail,
  type FlockInvitation,
  type FlockInvitePreview,
  type FlockMember,
  type FlockRole,
  type FlockSummary,
} from "@shepherd/shared";
import { prepared, schema, type Database, type Executor, type Transaction } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { requireMembership, requireOwner, touchFlock } from "../community/membership";
import { streaksOf } from "../devotional/service";
import { personColumns, personRef, userIdByUsername } from "../profiles/people";

/** My Flock: flocks, their members and invitations (by username or by link). Reflections are in reflections.ts. */

const { flocks, flockMembers, profiles } = schema;

const newInviteCode = () => randomBytes(12).toString("base64url");

async function activeMemberCount(db: Executor, flockId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(flockMembers)
    .where(and(eq(flockMembers.flockId, flockId), eq(flockMembers.status, "active")));
  return row?.n ?? 0;
}

const memberCount = sql<number>`(select count(*)::int from ${flockMembers} m where m.flock_id = ${flocks.id} and m.status = 'active')`;

/** My flocks and my invitations: named prepared statements (My Flock asks on every visit). */
const mineStatement = (db: Database) =>
  prepared(db, "flocks_mine", () =>
    db
      .select({
        id: flocks.id,
        name: flocks.name,
        description: flocks.description,
        role: flockMembers.role,
        memberCount,
        lastActivityAt: flocks.lastActivityAt,
      })
      .from(flockMembers)
      .innerJoin(flocks, eq(flocks.id, flockMembers.flockId))
      .where(and(eq(flockMembers.userId, sql.placeholder("userId")), eq(flockMembers.status, "active")))
      .orderBy(desc(flocks.lastActivityAt))
      .prepare("flocks_mine"),
  );

const invitedStatement = (db: Database) =>
  prepared(db, "flocks_invited", () =>
    db
      .select({
        flockId: flocks.id,
        flockName: flocks.name,
        createdAt: flockMembers.createdAt,
        invitedBy: flockMembers.invitedBy,
        ...personColumns,
      })
      .from(flockMembers)
      .innerJoin(flocks, eq(flocks.id, flockMembers.flockId))
      .leftJoin(profiles, eq(profiles.id, flockMembers.invitedBy))
      .where(and(eq(flockMembers.userId, sql.placeholder("userId")), eq(flockMembers.status, "invited")))
      .orderBy(desc(flockMembers.createdAt))
      .prepare("flocks_invited"),
  );

/** My flocks (most recently active first) and the invitations waiting for my answer. */
export async function listFlocks(
  db: Database,
  userId: string,
): Promise<{ flocks: FlockSummary[]; invitations: FlockInvitation[] }> {
  const [mine, invited] = await Promise.all([mineStatement(db).execute({ userId }), invitedStatement(db).execute({ userId })]);
  return {
    flocks: mine.map((f) => ({
      id: f.id,
      name: f.name,
      description: f.description,
      member_count: f.memberCount,
      my_role: f.role as FlockRole,
      last_activity_at: f.lastActivityAt.toISOString(),
    })),
    invitations: invited.map((i) => ({
      flock_id: i.flockId,
      flock_name: i.flockName,
      invited_by: i.invitedBy ? personRef({ ...i, userId: i.invitedBy }) : null,
      created_at: i.createdAt.toISOString(),
    })),
  };
}

export async function createFlock(
  db: Database,
  options: { userId: string; name: string; description?: string },
): Promise<FlockDetail> {
  const flockId = await db.transaction(async (tx) => {
    const [flock] = await tx
      .insert(flocks)
      .values({
        name: options.name,
        description: options.description || null,
        inviteCode: newInviteCode(),
        createdBy: options.userId,
      })
      .returning({ id: flocks.id });
    await tx
      .insert(flockMembers)
      .values({ flockId: flock!.id, userId: options.userId, role: "owner", status: "active", joinedAt: new Date() });
    return flock!.id;
  });
  return getFlock(db, { flockId, userId: options.userId });
}

/** A flock's page, for its members: members (with streaks for those who share them) and pending invitations. */
export async function getFlock(db: Database, options: { flockId: string; userId: string; now?: Date }): Promise<FlockDetail> {
  const { role } = await requireMembership(db, options);
  const [flock] = await db.select().from(flocks).where(eq(flocks.id, options.flockId));
  if (!flock) throw notFound("That flock");
  const rows = await db
    .select({
      userId: flockMembers.userId,
      role: flockMembers.role,
      status: flockMembers.status,
      joinedAt: flockMembers.joinedAt,
      createdAt: flockMembers.createdAt,
      ...personColumns,
      shareStreak: profiles.shareStreak,
      timeZone: profiles.timeZone,
    })
    .from(flockMembers)
    .innerJoin(profiles, eq(profiles.id, flockMembers.userId))
    .where(eq(flockMembers.flockId, options.flockId))
    .orderBy(sql`${flockMembers.role} = 'owner' desc`, asc(flockMembers.joinedAt), asc(flockMembers.createdAt));
  const active = rows.filter((r) => r.status === "active");
  // The streaks of those who share them, in one query.
  const streaks = await streaksOf(
    db,
    active.filter((r) => r.shareStreak),
    options.now,
  );
  const members: FlockMember[] = active.map((r) => ({
    ...personRef(r),
    role: r.role as FlockRole,
    joined_at: (r.joinedAt ?? r.createdAt).toISOString(),
    streak: r.shareStreak ? (streaks.get(r.userId) ?? 0) : null,
  }));
  return {
    id: flock.id,
    name: flock.name,
    description: flock.description,
    my_role: role,
    invite_code: flock.inviteCode,
    members,
    pending: rows.filter((r) => r.status === "invited").map((r) => personRef(r)),
    created_at: flock.createdAt.toISOString(),
  };
}

export async function updateFlock(
  db: Database,
  options: { flockId: string; userId: string; name?: string; description?: string },
): Promise<FlockDetail> {
  await requireOwner(db, options);
  const values: Partial<typeof flocks.$inferInsert> = {};
  if (options.name !== undefined) values.name = options.name;
  if (options.description !== undefined) values.description = options.description || null;
  if (Object.keys(values).length > 0) await db.update(flocks).set(values).where(eq(flocks.id, options.flockId));
  return getFlock(db, options);
}

/** A member invites a brother by username; he sees the invitation on My Flock and accepts or declines. */
export async function inviteByUsername(
  db: Database,
  options: { flockId: string; userId: string; username: string },
): Promise<FlockDetail> {
  await requireMembership(db, options);
  const wanted = options.username.trim().replace(/^@/, "").toLowerCase();
  const personId = await userIdByUsername(db, wanted);
  if (!personId) throw new AppError("NOT_FOUND", `No one uses the username @${wanted}. Check the spelling.`);
  if (personId === options.userId) throw new AppError("BAD_REQUEST", "You are already in this flock.");
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ status: flockMembers.status })
      .from(flockMembers)
      .where(and(eq(flockMembers.flockId, options.flockId), eq(flockMembers.userId, personId)));
    if (existing?.status === "active") throw new AppError("CONFLICT", `@${wanted} is already in this flock.`);
    if (existing) throw new AppError("CONFLICT", `@${wanted} has been invited already.`);
    await tx
      .insert(flockMembers)
      .values({ flockId: options.flockId, userId: personId, role: "member", status: "invited", invitedBy: options.userId });
  });
  return getFlock(db, options);
}

async function join(tx: Transaction, options: { flockId: string; userId: string }): Promise<void> {
  // Lock the flock row so two joins at once cannot pass the size limit together.
  await tx.select({ id: flocks.id }).from(flocks).where(eq(flocks.id, options.flockId)).for("update");
  if ((await activeMemberCount(tx, options.flockId)) >= FLOCK_MEMBERS_MAX) {
    throw new AppError("CONFLICT", `This flock is full: a flock has at most ${FLOCK_MEMBERS_MAX} brothers.`);
  }
  await tx
    .insert(flockMembers)
    .values({ flockId: options.flockId, userId: options.userId, role: "member", status: "active", joinedAt: new Date() })
    .onConflictDoUpdate({
      target: [flockMembers.flockId, flockMembers.userId],
      set: { status: "active", joinedAt: new Date() },
    });
  await touchFlock(tx, options.flockId);
}

export async function acceptInvitation(db: Database, options: { flockId: string; userId: string }): Promise<FlockDetail> {
  await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ status: flockMembers.status })
      .from(flockMembers)
      .where(
        and(
          eq(flockMembers.flockId, options.flockId),
          eq(flockMembers.userId, options.userId),
          eq(flockMembers.status, "invited"),
        ),
      );
    if (!invitation) throw notFound("That invitation");
    await join(tx, options);
  });
  return getFlock(db, options);
}

export async function declineInvitation(db: Database, options: { flockId: string; userId: string }): Promise<void> {
  const rows = await db
    .delete(flockMembers)
    .where(
      and(eq(flockMembers.flockId, options.flockId), eq(flockMembers.userId, options.userId), eq(flockMembers.status, "invited")),
    )
    .returning({ userId: flockMembers.userId });
  if (rows.length === 0) throw notFound("That invitation");
}

/** Where an invite link leads, for the person who opened it. */
export async function previewInvite(db: Database, options: { code: string; userId: string }): Promise<FlockInvitePreview> {
  const [flock] = await db.select().from(flocks).where(eq(flocks.inviteCode, options.code));
  if (!flock) throw new AppError("NOT_FOUND", "This invite link is not valid any more. Ask for a new one.");
  const [me] = await db
    .select({ status: flockMembers.status })
    .from(flockMembers)
    .where(and(eq(flockMembers.flockId, flock.id), eq(flockMembers.userId, options.userId)));
  return {
    flock_id: flock.id,
    name: flock.name,
    description: flock.description,
    member_count: await activeMemberCount(db, flock.id),
    already_member: me?.status === "active",
  };
}

export async function joinByInvite(db: Database, options: { code: string; userId: string }): Promise<FlockDetail> {
  const [flock] = await db.select({ id: flocks.id }).from(flocks).where(eq(flocks.inviteCode, options.code));
  if (!flock) throw new AppError("NOT_FOUND", "This invite link is not valid any more. Ask for a new one.");
  await db.transaction(async (tx) => {
    const [me] = await tx
      .select({ status: flockMembers.status })
      .from(flockMembers)
      .where(and(eq(flockMembers.flockId, flock.id), eq(flockMembers.userId, options.userId)));
    if (me?.status !== "active") await join(tx, { flockId: flock.id, userId: options.userId });
  });
  return getFlock(db, { flockId: flock.id, userId: options.userId });
}

export async function rotateInviteCode(
  db: Database,
  options: { flockId: string; userId: string },
): Promise<{ invite_code: string }> {
  await requireOwner(db, options);
  const code = newInviteCode();
  await db.update(flocks).set({ inviteCode: code }).where(eq(flocks.id, options.flockId));
  return { invite_code: code };
}

/**
 * A member leaves. When the owner leaves, the longest-standing member becomes owner; the last one out ends the
 * flock (its reflections go with it).
 */
export async function leaveFlock(db: Database, options: { flockId: string; userId: string }): Promise<{ flock_ended: boolean }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: flocks.id }).from(flocks).where(eq(flocks.id, options.flockId)).for("update");
    const { role } = await requireMembership(tx, options);
    await tx.delete(flockMembers).where(and(eq(flockMembers.flockId, options.flockId), eq(flockMembers.userId, options.userId)));
    const [next] = await tx
      .select({ userId: flockMembers.userId })
      .from(flockMembers)
      .where(and(eq(flockMembers.flockId, options.flockId), eq(flockMembers.status, "active")))
      .orderBy(asc(flockMembers.joinedAt))
      .limit(1);
    if (!next) {
      await tx.delete(flocks).where(eq(flocks.id, options.flockId));
      return { flock_ended: true };
    }
    if (role === "owner") {
      await tx
        .update(flockMembers)
        .set({ role: "owner" })
        .where(and(eq(flockMembers.flockId, options.flockId), eq(flockMembers.userId, next.userId)));
    }
    return { flock_ended: false };
  });
}

/** The owner removes a member (or withdraws an invitation). */
export async function removeMember(
  db: Database,
  options: { flockId: string; userId: string; memberId: string },
): Promise<FlockDetail> {
  await requireOwner(db, options);
  if (options.memberId === options.userId) throw new AppError("BAD_REQUEST", "To step away from your own flock, leave it.");
  const rows = await db
    .delete(flockMembers)
    .where(and(eq(flockMembers.flockId, options.flockId), eq(flockMembers.userId, options.memberId)))
    .returning({ userId: flockMembers.userId });
  if (rows.length === 0) throw notFound("That member");
  return getFlock(db, options);
}

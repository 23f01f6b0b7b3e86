import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import {
  FLOCK_MEMBERS_MAX,
  REFLECTION_PAGE_SIZE,
  type Comment,
  type FlockDetail,
  type FlockInvitation,
  type FlockInvitePreview,
  type FlockMember,
  type FlockRole,
  type FlockSummary,
  type Page,
  type Reflection,
} from "@shepherd/shared";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { notifyMentions } from "../notifications/service";
import { decodeCursor, encodeCursor, personRef } from "../pasture/service";
import { streakDays } from "../today/service";

const { flocks, flockMembers, profiles, reflections, reflectionComments, devotionals } = schema;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Db = Database | Tx;

const newInviteCode = () => randomBytes(12).toString("base64url");

/** The member's role in the flock; 404 for anyone else, so a flock's existence is not revealed. */
async function requireMembership(db: Db, options: { flockId: string; userId: string }): Promise<{ role: FlockRole }> {
  const [row] = await db
    .select({ role: flockMembers.role })
    .from(flockMembers)
    .where(
      and(eq(flockMembers.flockId, options.flockId), eq(flockMembers.userId, options.userId), eq(flockMembers.status, "active")),
    );
  if (!row) throw notFound("That flock");
  return { role: row.role as FlockRole };
}

async function requireOwner(db: Db, options: { flockId: string; userId: string }): Promise<void> {
  const { role } = await requireMembership(db, options);
  if (role !== "owner") throw new AppError("FORBIDDEN", "Only the flock's shepherd (its owner) can do that.");
}

async function activeMemberCount(db: Db, flockId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(flockMembers)
    .where(and(eq(flockMembers.flockId, flockId), eq(flockMembers.status, "active")));
  return row?.n ?? 0;
}

const touch = (db: Db, flockId: string) => db.update(flocks).set({ lastActivityAt: new Date() }).where(eq(flocks.id, flockId));

/** My flocks (most recently active first) and the invitations waiting for my answer. */
export async function listFlocks(
  db: Database,
  userId: string,
): Promise<{ flocks: FlockSummary[]; invitations: FlockInvitation[] }> {
  const memberCount = sql<number>`(select count(*)::int from ${flockMembers} m where m.flock_id = ${flocks.id} and m.status = 'active')`;
  const [mine, invited] = await Promise.all([
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
      .where(and(eq(flockMembers.userId, userId), eq(flockMembers.status, "active")))
      .orderBy(desc(flocks.lastActivityAt)),
    db
      .select({
        flockId: flocks.id,
        flockName: flocks.name,
        createdAt: flockMembers.createdAt,
        invitedBy: flockMembers.invitedBy,
        displayName: profiles.displayName,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
      })
      .from(flockMembers)
      .innerJoin(flocks, eq(flocks.id, flockMembers.flockId))
      .leftJoin(profiles, eq(profiles.id, flockMembers.invitedBy))
      .where(and(eq(flockMembers.userId, userId), eq(flockMembers.status, "invited")))
      .orderBy(desc(flockMembers.createdAt)),
  ]);
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
      displayName: profiles.displayName,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      shareStreak: profiles.shareStreak,
    })
    .from(flockMembers)
    .innerJoin(profiles, eq(profiles.id, flockMembers.userId))
    .where(eq(flockMembers.flockId, options.flockId))
    .orderBy(sql`${flockMembers.role} = 'owner' desc`, asc(flockMembers.joinedAt), asc(flockMembers.createdAt));
  const active = rows.filter((r) => r.status === "active");
  const members: FlockMember[] = await Promise.all(
    active.map(async (r) => ({
      ...personRef(r),
      role: r.role as FlockRole,
      joined_at: (r.joinedAt ?? r.createdAt).toISOString(),
      streak: r.shareStreak ? await streakDays(db, { userId: r.userId, now: options.now }) : null,
    })),
  );
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
  const [person] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = ${wanted}`);
  if (!person) throw new AppError("NOT_FOUND", `No one uses the username @${wanted}. Check the spelling.`);
  if (person.id === options.userId) throw new AppError("BAD_REQUEST", "You are already in this flock.");
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ status: flockMembers.status })
      .from(flockMembers)
      .where(and(eq(flockMembers.flockId, options.flockId), eq(flockMembers.userId, person.id)));
    if (existing?.status === "active") throw new AppError("CONFLICT", `@${wanted} is already in this flock.`);
    if (existing) throw new AppError("CONFLICT", `@${wanted} has been invited already.`);
    await tx
      .insert(flockMembers)
      .values({ flockId: options.flockId, userId: person.id, role: "member", status: "invited", invitedBy: options.userId });
  });
  return getFlock(db, options);
}

async function join(tx: Tx, options: { flockId: string; userId: string }): Promise<void> {
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
  await touch(tx, options.flockId);
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

async function activeMemberIds(db: Db, flockId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: flockMembers.userId })
    .from(flockMembers)
    .where(and(eq(flockMembers.flockId, flockId), eq(flockMembers.status, "active")));
  return rows.map((r) => r.userId);
}

const reflectionColumns = {
  id: reflections.id,
  flockId: reflections.flockId,
  body: reflections.body,
  prompt: reflections.prompt,
  devotionalTitle: reflections.devotionalTitle,
  commentCount: reflections.commentCount,
  createdAt: reflections.createdAt,
  updatedAt: reflections.updatedAt,
  cursorAt: sql<string>`${reflections.createdAt}::text`,
  userId: reflections.userId,
  displayName: profiles.displayName,
  username: profiles.username,
  avatarUrl: profiles.avatarUrl,
};

function toReflection(
  row: {
    id: string;
    flockId: string;
    body: string;
    prompt: string | null;
    devotionalTitle: string | null;
    commentCount: number;
    createdAt: Date;
    updatedAt: Date;
    userId: string;
    displayName: string | null;
    username: string | null;
    avatarUrl: string | null;
  },
  viewerId: string,
): Reflection {
  return {
    id: row.id,
    flock_id: row.flockId,
    author: personRef(row),
    body: row.body,
    prompt: row.prompt,
    devotional_title: row.devotionalTitle,
    created_at: row.createdAt.toISOString(),
    edited: row.updatedAt.getTime() - row.createdAt.getTime() > 1000,
    comment_count: row.commentCount,
    mine: row.userId === viewerId,
  };
}

export async function listReflections(
  db: Database,
  options: { flockId: string; userId: string; before?: string },
): Promise<Page<Reflection>> {
  await requireMembership(db, options);
  const conditions: SQL[] = [eq(reflections.flockId, options.flockId)];
  if (options.before) {
    const { createdAt, id } = decodeCursor(options.before);
    conditions.push(sql`(${reflections.createdAt}, ${reflections.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
  }
  const rows = await db
    .select(reflectionColumns)
    .from(reflections)
    .innerJoin(profiles, eq(profiles.id, reflections.userId))
    .where(and(...conditions))
    .orderBy(sql`${reflections.createdAt} desc, ${reflections.id} desc`)
    .limit(REFLECTION_PAGE_SIZE + 1);
  const page = rows.slice(0, REFLECTION_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toReflection(r, options.userId)),
    next_cursor: rows.length > REFLECTION_PAGE_SIZE && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}

async function getReflection(db: Database, options: { reflectionId: string; userId: string }): Promise<Reflection> {
  const [row] = await db
    .select(reflectionColumns)
    .from(reflections)
    .innerJoin(profiles, eq(profiles.id, reflections.userId))
    .where(eq(reflections.id, options.reflectionId));
  if (!row) throw notFound("That reflection");
  await requireMembership(db, { flockId: row.flockId, userId: options.userId });
  return toReflection(row, options.userId);
}

/** A reflection shared with the flock; @mentions notify only members of this flock. */
export async function createReflection(
  db: Database,
  options: { flockId: string; userId: string; body: string; prompt?: string; devotionalId?: string },
): Promise<{ reflection: Reflection; notified: string[] }> {
  const { id, notified } = await db.transaction(async (tx) => {
    await requireMembership(tx, options);
    let devotionalTitle: string | null = null;
    if (options.devotionalId) {
      const [devotional] = await tx
        .select({ title: devotionals.title })
        .from(devotionals)
        .where(and(eq(devotionals.id, options.devotionalId), eq(devotionals.userId, options.userId)));
      if (!devotional) throw notFound("That devotional");
      devotionalTitle = devotional.title;
    }
    const [row] = await tx
      .insert(reflections)
      .values({
        flockId: options.flockId,
        userId: options.userId,
        body: options.body,
        prompt: options.prompt || null,
        devotionalId: options.devotionalId ?? null,
        devotionalTitle,
      })
      .returning({ id: reflections.id });
    await touch(tx, options.flockId);
    const notified = await notifyMentions(tx, {
      mentionerId: options.userId,
      type: "mention_reflection",
      sourceId: row!.id,
      text: options.body,
      audience: await activeMemberIds(tx, options.flockId),
    });
    return { id: row!.id, notified };
  });
  return { reflection: await getReflection(db, { reflectionId: id, userId: options.userId }), notified };
}

/** The author's own reflection (or comment): its row, or 404 / 403. */
async function ownReflection(db: Db, options: { reflectionId: string; userId: string }) {
  const [row] = await db
    .select({ userId: reflections.userId, flockId: reflections.flockId, body: reflections.body })
    .from(reflections)
    .where(eq(reflections.id, options.reflectionId));
  if (!row) throw notFound("That reflection");
  await requireMembership(db, { flockId: row.flockId, userId: options.userId });
  if (row.userId !== options.userId) throw new AppError("FORBIDDEN", "Only the person who wrote this reflection can change it.");
  return row;
}

export async function updateReflection(
  db: Database,
  options: { reflectionId: string; userId: string; body: string },
): Promise<{ reflection: Reflection; notified: string[] }> {
  const notified = await db.transaction(async (tx) => {
    const { flockId, body: previousText } = await ownReflection(tx, options);
    await tx
      .update(reflections)
      .set({ body: options.body, updatedAt: new Date() })
      .where(eq(reflections.id, options.reflectionId));
    return notifyMentions(tx, {
      mentionerId: options.userId,
      type: "mention_reflection",
      sourceId: options.reflectionId,
      text: options.body,
      previousText,
      audience: await activeMemberIds(tx, flockId),
    });
  });
  return { reflection: await getReflection(db, options), notified };
}

export async function deleteReflection(db: Database, options: { reflectionId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await ownReflection(tx, options);
    await tx.delete(reflections).where(eq(reflections.id, options.reflectionId));
  });
}

const reflectionCommentColumns = {
  id: reflectionComments.id,
  body: reflectionComments.body,
  createdAt: reflectionComments.createdAt,
  updatedAt: reflectionComments.updatedAt,
  userId: reflectionComments.userId,
  displayName: profiles.displayName,
  username: profiles.username,
  avatarUrl: profiles.avatarUrl,
};

function toComment(
  row: {
    id: string;
    body: string;
    createdAt: Date;
    updatedAt: Date;
    userId: string;
    displayName: string | null;
    username: string | null;
    avatarUrl: string | null;
  },
  viewerId: string,
): Comment {
  return {
    id: row.id,
    author: personRef(row),
    body: row.body,
    created_at: row.createdAt.toISOString(),
    edited: row.updatedAt.getTime() - row.createdAt.getTime() > 1000,
    mine: row.userId === viewerId,
  };
}

/** The flock a reflection belongs to, when the user is a member of it (404 otherwise). */
async function reflectionFlock(db: Db, options: { reflectionId: string; userId: string }): Promise<string> {
  const [row] = await db
    .select({ flockId: reflections.flockId })
    .from(reflections)
    .where(eq(reflections.id, options.reflectionId));
  if (!row) throw notFound("That reflection");
  await requireMembership(db, { flockId: row.flockId, userId: options.userId });
  return row.flockId;
}

export async function listReflectionComments(
  db: Database,
  options: { reflectionId: string; userId: string },
): Promise<Comment[]> {
  await reflectionFlock(db, options);
  const rows = await db
    .select(reflectionCommentColumns)
    .from(reflectionComments)
    .innerJoin(profiles, eq(profiles.id, reflectionComments.userId))
    .where(eq(reflectionComments.reflectionId, options.reflectionId))
    .orderBy(asc(reflectionComments.createdAt), asc(reflectionComments.id));
  return rows.map((r) => toComment(r, options.userId));
}

async function getReflectionComment(db: Database, options: { commentId: string; userId: string }): Promise<Comment> {
  const [row] = await db
    .select(reflectionCommentColumns)
    .from(reflectionComments)
    .innerJoin(profiles, eq(profiles.id, reflectionComments.userId))
    .where(eq(reflectionComments.id, options.commentId));
  if (!row) throw notFound("That comment");
  return toComment(row, options.userId);
}

export async function createReflectionComment(
  db: Database,
  options: { reflectionId: string; userId: string; body: string },
): Promise<{ comment: Comment; notified: string[] }> {
  const { id, notified } = await db.transaction(async (tx) => {
    const flockId = await reflectionFlock(tx, options);
    const [row] = await tx
      .insert(reflectionComments)
      .values({ reflectionId: options.reflectionId, userId: options.userId, body: options.body })
      .returning({ id: reflectionComments.id });
    await tx
      .update(reflections)
      .set({ commentCount: sql`${reflections.commentCount} + 1` })
      .where(eq(reflections.id, options.reflectionId));
    await touch(tx, flockId);
    const notified = await notifyMentions(tx, {
      mentionerId: options.userId,
      type: "mention_reflection",
      sourceId: row!.id,
      text: options.body,
      audience: await activeMemberIds(tx, flockId),
    });
    return { id: row!.id, notified };
  });
  return { comment: await getReflectionComment(db, { commentId: id, userId: options.userId }), notified };
}

/** The author's own comment on a reflection in a flock he belongs to. */
async function ownReflectionComment(db: Db, options: { commentId: string; userId: string }) {
  const [row] = await db
    .select({
      userId: reflectionComments.userId,
      reflectionId: reflectionComments.reflectionId,
      flockId: reflections.flockId,
      body: reflectionComments.body,
    })
    .from(reflectionComments)
    .innerJoin(reflections, eq(reflections.id, reflectionComments.reflectionId))
    .where(eq(reflectionComments.id, options.commentId));
  if (!row) throw notFound("That comment");
  await requireMembership(db, { flockId: row.flockId, userId: options.userId });
  if (row.userId !== options.userId) throw new AppError("FORBIDDEN", "Only the person who wrote this comment can change it.");
  return row;
}

export async function updateReflectionComment(
  db: Database,
  options: { commentId: string; userId: string; body: string },
): Promise<{ comment: Comment; notified: string[] }> {
  const notified = await db.transaction(async (tx) => {
    const { flockId, body: previousText } = await ownReflectionComment(tx, options);
    await tx
      .update(reflectionComments)
      .set({ body: options.body, updatedAt: new Date() })
      .where(eq(reflectionComments.id, options.commentId));
    return notifyMentions(tx, {
      mentionerId: options.userId,
      type: "mention_reflection",
      sourceId: options.commentId,
      text: options.body,
      previousText,
      audience: await activeMemberIds(tx, flockId),
    });
  });
  return { comment: await getReflectionComment(db, options), notified };
}

export async function deleteReflectionComment(db: Database, options: { commentId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const { reflectionId } = await ownReflectionComment(tx, options);
    await tx.delete(reflectionComments).where(eq(reflectionComments.id, options.commentId));
    await tx
      .update(reflections)
      .set({ commentCount: sql`greatest(${reflections.commentCount} - 1, 0)` })
      .where(eq(reflections.id, reflectionId));
  });
}

/** A streak is shown to others only when its owner shares it. */
export async function sharedStreak(
  db: Database,
  options: { userId: string; viewerId: string; shareStreak: boolean; now?: Date },
): Promise<number | null> {
  if (options.userId !== options.viewerId && !options.shareStreak) return null;
  return streakDays(db, { userId: options.userId, now: options.now });
}

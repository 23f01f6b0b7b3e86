import { and, count, desc, eq, ilike, max, or, sql } from "drizzle-orm";
import {
  ADMIN_EXPORT_MAX_ROWS,
  ADMIN_PAGE_SIZE,
  type AdminPage,
  type AdminUserDetail,
  type AdminUserRow,
  monthKey,
} from "@shepherd/shared";
import type { AppContext, SignedInUser } from "../../context";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { getSubscription } from "../subscription/service";
import { auditForUser, recordAudit } from "./audit";
import { containing } from "../../db/like";

const { users, profiles, sessions, twoFactors, activityEvents, monthlyUsageLimits, contentReports } = schema;

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */

/** Members whose name, username or email contains `q` (all members when it is empty), newest first. */
export async function searchUsers(
  db: Database,
  options: { q: string; page: number; all?: boolean },
): Promise<AdminPage<AdminUserRow>> {
  const pattern = containing(options.q);
  const where = options.q
    ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(profiles.username, pattern))
    : undefined;
  const limit = options.all ? ADMIN_EXPORT_MAX_ROWS : ADMIN_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        username: profiles.username,
        role: users.role,
        banned: users.banned,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(options.all ? 0 : (options.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      username: r.username,
      role: r.role,
      banned: Boolean(r.banned),
      created_at: r.createdAt.toISOString(),
    })),
    page: options.page,
    page_size: limit,
    total: total?.n ?? 0,
  };
}

async function findUser(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound("That member");
  return row;
}

export async function userDetail(db: Database, id: string, now = new Date()): Promise<AdminUserDetail> {
  const user = await findUser(db, id);
  const month = monthKey(now);
  const [[profile], subscription, [usage], [lastActive], [sessionCount], reports, audit] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.id, id)),
    getSubscription(db, id, now),
    db
      .select()
      .from(monthlyUsageLimits)
      .where(and(eq(monthlyUsageLimits.userId, id), eq(monthlyUsageLimits.month, month))),
    db
      .select({ at: max(activityEvents.createdAt) })
      .from(activityEvents)
      .where(eq(activityEvents.userId, id)),
    db
      .select({ n: count(), at: max(sessions.updatedAt) })
      .from(sessions)
      .where(and(eq(sessions.userId, id), sql`${sessions.expiresAt} > now()`)),
    db.select().from(contentReports).where(eq(contentReports.authorId, id)).orderBy(desc(contentReports.createdAt)).limit(50),
    auditForUser(db, id),
  ]);
  // Last active: his latest activity event, or his latest session use when that is later.
  const times = [lastActive?.at, sessionCount?.at].filter((t): t is Date => t instanceof Date);
  const last = times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
  return {
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified: user.emailVerified,
      role: user.role,
      is_admin: user.role === "admin",
      banned: Boolean(user.banned),
      ban_reason: user.banReason,
      two_factor_enabled: user.twoFactorEnabled,
      created_at: user.createdAt.toISOString(),
    },
    profile: profile
      ? {
          display_name: profile.displayName,
          username: profile.username,
          onboarding_completed_at: profile.onboardingCompletedAt?.toISOString() ?? null,
        }
      : null,
    subscription,
    usage: {
      month,
      devotional_generations: usage?.devotionalGenerations ?? 0,
      insight_generations: usage?.insightGenerations ?? 0,
      audio_generations: usage?.audioGenerations ?? 0,
      journal_entries: usage?.journalEntries ?? 0,
      image_generations: usage?.imageGenerations ?? 0,
      total_tokens_used: usage?.totalTokensUsed ?? 0,
    },
    last_active_at: last?.toISOString() ?? null,
    sessions: sessionCount?.n ?? 0,
    reports_against: reports.map((r) => ({
      id: r.id,
      target_type: r.targetType,
      reason: r.reason,
      status: r.status,
      excerpt: r.excerpt,
      created_at: r.createdAt.toISOString(),
    })),
    audit,
  };
}

function notOnSelf(actor: SignedInUser, targetId: string, what: string) {
  if (actor.id === targetId) throw new AppError("CONFLICT", `You cannot ${what} yourself. Ask another admin.`);
}

/** Makes a member an admin or takes it away (never from oneself), with its audit entry in the same transaction. */
export async function setRole(db: Database, actor: SignedInUser, targetId: string, admin: boolean): Promise<void> {
  if (!admin) notOnSelf(actor, targetId, "remove admin from");
  const user = await findUser(db, targetId);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ role: admin ? "admin" : "user", updatedAt: new Date() })
      .where(eq(users.id, targetId));
    await recordAudit(tx, {
      actor,
      action: admin ? "user.make_admin" : "user.remove_admin",
      targetUserId: targetId,
      target: user.email,
      details: { previous_role: user.role },
    });
  });
}

/**
 * Bans a member: Better Auth's admin plugin fields (banned, ban_reason), which its sign-in refuses; his sessions are
 * deleted in the same transaction, so every device he is signed in on is signed out at once.
 */
export async function banUser(
  db: Database,
  actor: SignedInUser,
  targetId: string,
  reason: string | undefined,
  context: Record<string, unknown> = {},
): Promise<void> {
  notOnSelf(actor, targetId, "ban");
  const user = await findUser(db, targetId);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ banned: true, banReason: reason || null, banExpires: null, updatedAt: new Date() })
      .where(eq(users.id, targetId));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, targetId)).returning({ id: sessions.id });
    await recordAudit(tx, {
      actor,
      action: "user.ban",
      targetUserId: targetId,
      target: user.email,
      details: { reason: reason || null, sessions_ended: ended.length, ...context },
    });
  });
}

export async function unbanUser(db: Database, actor: SignedInUser, targetId: string): Promise<void> {
  const user = await findUser(db, targetId);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
      .where(eq(users.id, targetId));
    await recordAudit(tx, {
      actor,
      action: "user.unban",
      targetUserId: targetId,
      target: user.email,
      details: { previous_reason: user.banReason },
    });
  });
}

/** Turns two-step verification off (his secret and backup codes are deleted); he signs in with his password alone. */
export async function resetTwoFactor(db: Database, actor: SignedInUser, targetId: string): Promise<void> {
  const user = await findUser(db, targetId);
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, targetId));
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, targetId));
    await recordAudit(tx, {
      actor,
      action: "user.reset_two_factor",
      targetUserId: targetId,
      target: user.email,
      details: { was_enabled: user.twoFactorEnabled },
    });
  });
}

/**
 * Sends him the password-reset mail, as "Forgot password" would (Better Auth makes the token, the mail provider sends
 * it). The mail cannot be part of a database transaction: the audit entry is written once it has gone.
 */
export async function sendPasswordReset(ctx: AppContext, actor: SignedInUser, targetId: string): Promise<void> {
  const user = await findUser(ctx.db, targetId);
  await ctx.auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: `${ctx.baseUrl}/auth?mode=reset` } });
  await recordAudit(ctx.db, {
    actor,
    action: "user.send_password_reset",
    targetUserId: targetId,
    target: user.email,
  });
}

import { and, eq, ne, sql } from "drizzle-orm";
import type {
  CurrentTopicId,
  FocusThemeId,
  Profile,
  PublicProfile,
  UpdateProfileInput,
  UsernameAvailability,
} from "@shepherd/shared";
import { usernameSchema } from "@shepherd/shared";
import type { Database } from "../../db/client";
import { prepared, schema } from "../../db/client";
import { memberRowsKind, type MemberRows } from "../../db/member-rows";
import { AppError, notFound } from "../../errors";
import { streakDays } from "../devotional/service";

const { profiles } = schema;

type ProfileRow = typeof profiles.$inferSelect;

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    display_name: row.displayName,
    username: row.username,
    avatar_url: row.avatarUrl,
    // Both lists are validated against the theme and topic ids on every write.
    focus: row.focus as FocusThemeId[],
    current_topics: row.currentTopics as CurrentTopicId[],
    onboarding_completed_at: row.onboardingCompletedAt?.toISOString() ?? null,
    share_streak: row.shareStreak,
  };
}

/** Creates the profile of a new user (called right after sign-up); a second call changes nothing. */
export async function ensureProfile(db: Database, options: { userId: string; displayName: string }): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: options.userId, displayName: options.displayName.slice(0, 50) })
    .onConflictDoNothing();
}

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await prepared(db, "profile_by_id", () =>
    db
      .select()
      .from(profiles)
      .where(eq(profiles.id, sql.placeholder("userId")))
      .prepare("profile_by_id"),
  ).execute({ userId });
  if (!row) throw notFound("Profile");
  return toProfile(row);
}

/** Whether he finished onboarding, kept per member: profiles_notify_member_rows ends it (migration 0027). */
const ONBOARDED_ROWS = memberRowsKind("onboarded", { profiles: { columns: ["id", "onboarding_completed_at"] } });

/** Whether he finished onboarding, from his kept rows when he has them (a page's member hint, app.ts). */
export function finishedOnboarding(db: Database, options: { userId: string; kept: MemberRows }): Promise<boolean> {
  return options.kept.read(options.userId, ONBOARDED_ROWS, async () =>
    Boolean((await getProfile(db, options.userId)).onboarding_completed_at),
  );
}

/**
 * The profile with the account's current name, email, role and 2FA state, in one query: the signed-in user may come
 * from the session cookie cache (up to SESSION_CACHE_SECONDS old), and /api/me must show a rename at once.
 */
export async function getProfileWithAccount(
  db: Database,
  userId: string,
): Promise<{ profile: Profile; account: { email: string; name: string; role: string | null; twoFactorEnabled: boolean } }> {
  const [row] = await prepared(db, "profile_with_account", () =>
    db
      .select({
        profile: profiles,
        email: schema.users.email,
        name: schema.users.name,
        role: schema.users.role,
        twoFactorEnabled: schema.users.twoFactorEnabled,
      })
      .from(profiles)
      .innerJoin(schema.users, eq(schema.users.id, profiles.id))
      .where(eq(profiles.id, sql.placeholder("userId")))
      .prepare("profile_with_account"),
  ).execute({ userId });
  if (!row) throw notFound("Profile");
  const { profile, ...account } = row;
  return { profile: toProfile(profile), account };
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
}

export async function updateProfile(db: Database, options: { userId: string; changes: UpdateProfileInput }): Promise<Profile> {
  const { userId, changes } = options;
  const values: Partial<typeof profiles.$inferInsert> = { updatedAt: new Date() };
  if (changes.display_name !== undefined) values.displayName = changes.display_name;
  if (changes.username !== undefined) values.username = changes.username;
  if (changes.focus !== undefined) values.focus = [...new Set(changes.focus)];
  if (changes.current_topics !== undefined) values.currentTopics = [...new Set(changes.current_topics)];
  if (changes.share_streak !== undefined) values.shareStreak = changes.share_streak;
  try {
    const [row] = await db.update(profiles).set(values).where(eq(profiles.id, userId)).returning();
    if (!row) throw notFound("Profile");
    if (changes.display_name !== undefined) {
      await db.update(schema.users).set({ name: changes.display_name, updatedAt: new Date() }).where(eq(schema.users.id, userId));
    }
    return toProfile(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "That username is taken. Please choose another.");
    throw error;
  }
}

export async function usernameAvailability(
  db: Database,
  options: { userId: string; username: string },
): Promise<UsernameAvailability> {
  const parsed = usernameSchema.safeParse(options.username);
  if (!parsed.success) {
    return { username: options.username, available: false, reason: parsed.error.issues[0]?.message ?? "Invalid username" };
  }
  const username = parsed.data;
  const [taken] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(sql`lower(${profiles.username}) = ${username}`, ne(profiles.id, options.userId)))
    .limit(1);
  return { username, available: !taken, reason: taken ? "That username is taken." : null };
}

export async function setAvatarUrl(db: Database, options: { userId: string; avatarUrl: string | null }): Promise<Profile> {
  const [row] = await db
    .update(profiles)
    .set({ avatarUrl: options.avatarUrl, updatedAt: new Date() })
    .where(eq(profiles.id, options.userId))
    .returning();
  if (!row) throw notFound("Profile");
  return toProfile(row);
}

/** Finishing onboarding needs a name, at least one focus and a username. */
export async function completeOnboarding(db: Database, userId: string): Promise<Profile> {
  const profile = await getProfile(db, userId);
  if (!profile.display_name) throw new AppError("BAD_REQUEST", "Please add your name before finishing.");
  if (profile.focus.length === 0) throw new AppError("BAD_REQUEST", "Please choose at least one focus area before finishing.");
  if (!profile.username) throw new AppError("BAD_REQUEST", "Please choose a username before finishing.");
  if (profile.onboarding_completed_at) return profile;
  const [row] = await db
    .update(profiles)
    .set({ onboardingCompletedAt: new Date(), updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning();
  if (!row) throw notFound("Profile");
  return toProfile(row);
}

/** What another signed-in user may see of a profile (docs/community.md): the streak only when he shares it. */
export async function getPublicProfile(
  db: Database,
  options: { userId: string; viewerId: string; now?: Date },
): Promise<PublicProfile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, options.userId));
  if (!row) throw notFound("That profile");
  const isMe = row.id === options.viewerId;
  return {
    id: row.id,
    display_name: row.displayName,
    username: row.username,
    avatar_url: row.avatarUrl,
    focus: row.focus,
    joined_at: row.createdAt.toISOString(),
    is_me: isMe,
    streak: isMe || row.shareStreak ? await streakDays(db, { userId: row.id, now: options.now }) : null,
  };
}

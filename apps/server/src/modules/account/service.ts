import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import type { BillingProvider } from "../../providers/billing/billing";
import type { StorageProvider } from "../../providers/storage/storage";
import { notFound } from "../../errors";
import { leaveFlock } from "../flock/service";
import { exportWord } from "../word/service";

/**
 * Each area adds what it keeps about a person here, so "download my data" stays complete as areas are added.
 * A section returns plain JSON.
 */
type ExportSection = (db: Database, userId: string) => Promise<unknown>;

const exportSections: Record<string, ExportSection> = {
  account: async (db, userId) => {
    const [user] = await db
      .select({
        id: schema.users.id,
        email: schema.users.email,
        name: schema.users.name,
        created_at: schema.users.createdAt,
        two_factor_enabled: schema.users.twoFactorEnabled,
        role: schema.users.role,
      })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    return user;
  },
  profile: async (db, userId) => {
    const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.id, userId));
    return profile;
  },
  sessions: (db, userId) =>
    db
      .select({
        created_at: schema.sessions.createdAt,
        expires_at: schema.sessions.expiresAt,
        ip_address: schema.sessions.ipAddress,
        user_agent: schema.sessions.userAgent,
      })
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, userId)),
  activity_events: (db, userId) =>
    db
      .select({
        action_type: schema.activityEvents.actionType,
        page_route: schema.activityEvents.pageRoute,
        metadata: schema.activityEvents.metadata,
        created_at: schema.activityEvents.createdAt,
      })
      .from(schema.activityEvents)
      .where(eq(schema.activityEvents.userId, userId))
      .orderBy(desc(schema.activityEvents.createdAt)),
  notifications: (db, userId) =>
    db
      .select({
        type: schema.notifications.type,
        content: schema.notifications.content,
        read: schema.notifications.read,
        created_at: schema.notifications.createdAt,
      })
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, userId)),
  subscription: async (db, userId) => {
    const [row] = await db
      .select({
        plan_type: schema.subscriptions.planType,
        status: schema.subscriptions.status,
        trial_end: schema.subscriptions.trialEnd,
        current_period_end: schema.subscriptions.currentPeriodEnd,
        cancel_at_period_end: schema.subscriptions.cancelAtPeriodEnd,
        provider: schema.subscriptions.provider,
      })
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.userId, userId));
    return row ?? null;
  },
  monthly_usage: (db, userId) =>
    db
      .select()
      .from(schema.monthlyUsageLimits)
      .where(eq(schema.monthlyUsageLimits.userId, userId))
      .orderBy(desc(schema.monthlyUsageLimits.month)),
  ai_usage: (db, userId) =>
    db
      .select({
        feature_type: schema.aiUsage.featureType,
        tokens_used: schema.aiUsage.tokensUsed,
        created_at: schema.aiUsage.createdAt,
      })
      .from(schema.aiUsage)
      .where(eq(schema.aiUsage.userId, userId))
      .orderBy(desc(schema.aiUsage.createdAt)),
  // The Word: reading settings, highlights, bookmarks and notes.
  bible: exportWord,
  devotionals: (db, userId) =>
    db
      .select({
        devotional_date: schema.devotionals.devotionalDate,
        title: schema.devotionals.title,
        passage: schema.devotionals.passage,
        theme: schema.devotionals.theme,
      })
      .from(schema.devotionals)
      .where(eq(schema.devotionals.userId, userId))
      .orderBy(desc(schema.devotionals.devotionalDate)),
  devotional_progress: (db, userId) =>
    db
      .select({
        progress_date: schema.devotionalProgress.progressDate,
        completed: schema.devotionalProgress.completed,
        completed_at: schema.devotionalProgress.completedAt,
        spiritual_connection: schema.devotionalProgress.spiritualConnection,
        prayed_at: schema.devotionalProgress.prayedAt,
      })
      .from(schema.devotionalProgress)
      .where(eq(schema.devotionalProgress.userId, userId))
      .orderBy(desc(schema.devotionalProgress.progressDate)),
  daily_checkins: (db, userId) =>
    db
      .select({
        check_in_date: schema.dailyCheckins.checkInDate,
        mood: schema.dailyCheckins.mood,
        focus_areas: schema.dailyCheckins.focusAreas,
        notes: schema.dailyCheckins.notes,
        spiritual_connection: schema.dailyCheckins.spiritualConnection,
      })
      .from(schema.dailyCheckins)
      .where(eq(schema.dailyCheckins.userId, userId))
      .orderBy(desc(schema.dailyCheckins.checkInDate)),
  journal_entries: (db, userId) =>
    db
      .select({
        entry_date: schema.journalEntries.entryDate,
        devotional_title: schema.journalEntries.devotionalTitle,
        passage: schema.journalEntries.passage,
        content: schema.journalEntries.content,
        created_at: schema.journalEntries.createdAt,
        updated_at: schema.journalEntries.updatedAt,
      })
      .from(schema.journalEntries)
      .where(eq(schema.journalEntries.userId, userId))
      .orderBy(desc(schema.journalEntries.createdAt)),
  whispers: (db, userId) =>
    db
      .select({
        message: schema.encouragementWhispers.message,
        trigger_type: schema.encouragementWhispers.triggerType,
        read: schema.encouragementWhispers.read,
        created_at: schema.encouragementWhispers.createdAt,
      })
      .from(schema.encouragementWhispers)
      .where(eq(schema.encouragementWhispers.userId, userId))
      .orderBy(desc(schema.encouragementWhispers.createdAt)),
  pasture_posts: (db, userId) =>
    db
      .select({
        kind: schema.posts.kind,
        body: schema.posts.body,
        scripture_ref: schema.posts.scriptureRef,
        image_url: schema.posts.imageUrl,
        created_at: schema.posts.createdAt,
        updated_at: schema.posts.updatedAt,
      })
      .from(schema.posts)
      .where(eq(schema.posts.userId, userId))
      .orderBy(desc(schema.posts.createdAt)),
  pasture_comments: (db, userId) =>
    db
      .select({ post_id: schema.postComments.postId, body: schema.postComments.body, created_at: schema.postComments.createdAt })
      .from(schema.postComments)
      .where(eq(schema.postComments.userId, userId))
      .orderBy(desc(schema.postComments.createdAt)),
  flocks: (db, userId) =>
    db
      .select({
        name: schema.flocks.name,
        role: schema.flockMembers.role,
        status: schema.flockMembers.status,
        joined_at: schema.flockMembers.joinedAt,
      })
      .from(schema.flockMembers)
      .innerJoin(schema.flocks, eq(schema.flocks.id, schema.flockMembers.flockId))
      .where(eq(schema.flockMembers.userId, userId)),
  flock_reflections: (db, userId) =>
    db
      .select({
        flock: schema.flocks.name,
        prompt: schema.reflections.prompt,
        body: schema.reflections.body,
        created_at: schema.reflections.createdAt,
      })
      .from(schema.reflections)
      .innerJoin(schema.flocks, eq(schema.flocks.id, schema.reflections.flockId))
      .where(eq(schema.reflections.userId, userId))
      .orderBy(desc(schema.reflections.createdAt)),
  flock_reflection_comments: (db, userId) =>
    db
      .select({
        reflection_id: schema.reflectionComments.reflectionId,
        body: schema.reflectionComments.body,
        created_at: schema.reflectionComments.createdAt,
      })
      .from(schema.reflectionComments)
      .where(eq(schema.reflectionComments.userId, userId))
      .orderBy(desc(schema.reflectionComments.createdAt)),
  error_reports: (db, userId) =>
    db
      .select({ message: schema.errorReports.message, url: schema.errorReports.url, created_at: schema.errorReports.createdAt })
      .from(schema.errorReports)
      .where(eq(schema.errorReports.userId, userId)),
};

export function registerExportSection(name: string, section: ExportSection): void {
  exportSections[name] = section;
}

export async function exportAccount(db: Database, userId: string): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    Object.entries(exportSections).map(async ([name, section]) => [name, await section(db, userId)] as const),
  );
  return { exported_at: new Date().toISOString(), format: "shepherd-export/1", ...Object.fromEntries(entries) };
}

/** Removes every row of the user (the schema cascades from `users`) and their stored files. */
export async function deleteAccount(
  db: Database,
  storage: StorageProvider,
  billing: BillingProvider,
  userId: string,
): Promise<void> {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user) throw notFound("Account");
  const [subscription] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
  if (subscription?.providerSubscriptionId && subscription.status !== "canceled") {
    // Nobody should be charged for an account that no longer exists.
    await billing.cancelNow(subscription.providerSubscriptionId);
  }
  const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.id, userId));
  // Leave each flock the way a member would, so an owner's flock passes to the next brother instead of being orphaned.
  const memberships = await db
    .select({ flockId: schema.flockMembers.flockId })
    .from(schema.flockMembers)
    .where(and(eq(schema.flockMembers.userId, userId), eq(schema.flockMembers.status, "active")));
  for (const { flockId } of memberships) await leaveFlock(db, { flockId, userId });
  const pictures = await db
    .select({ imageUrl: schema.posts.imageUrl })
    .from(schema.posts)
    .where(and(eq(schema.posts.userId, userId), isNotNull(schema.posts.imageUrl)));
  await db.transaction(async (tx) => {
    await tx.delete(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, user.email));
    // Pending reset links and sign-in challenges hold the user's id as their value (no foreign key to cascade).
    await tx.delete(schema.verifications).where(eq(schema.verifications.value, userId));
    await tx.delete(schema.users).where(eq(schema.users.id, userId));
  });
  const files = [profile?.avatarUrl, ...pictures.map((p) => p.imageUrl)].filter((url) => url?.startsWith("/api/files/"));
  await Promise.all(files.map((url) => storage.delete(url!.slice("/api/files/".length))));
}

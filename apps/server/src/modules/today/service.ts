import { and, between, eq, gte, sql } from "drizzle-orm";
import {
  NO_REPEAT_DAYS,
  type Checkin,
  type CurrentTopicId,
  type Devotional,
  type FocusThemeId,
  type Progress,
} from "@shepherd/shared";
import { passageText } from "../../bible/passages";
import { prepared, schema, type Database, type Executor } from "../../db/client";
import { AppError } from "../../errors";
import type { AiTextProvider, DevotionalDraft } from "../../providers/ai/ai";
import { refuseAccess, checkAccess, withAccess } from "../access/service";
import {
  dayIn,
  dayMadeOn,
  devotionalColumns,
  ensureProgress,
  streakDays,
  toDevotional,
  toProgress,
  userDay,
} from "../devotional/service";

const { devotionals, devotionalProgress, dailyCheckins, profiles } = schema;

async function draftFor(db: Executor, ai: AiTextProvider, options: { userId: string; date: string; variant: number }) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, options.userId));
  const recent = await db
    .select({
      libraryId: devotionals.libraryId,
      passage: devotionals.passage,
      replacedLibraryIds: devotionals.replacedLibraryIds,
      replacedPassages: devotionals.replacedPassages,
    })
    .from(devotionals)
    .where(
      and(
        eq(devotionals.userId, options.userId),
        gte(devotionals.devotionalDate, sql`(${options.date}::date - ${NO_REPEAT_DAYS}::int)`),
      ),
    )
    .orderBy(devotionals.devotionalDate);
  return ai.composeDevotional({
    userId: options.userId,
    date: options.date,
    displayName: profile?.displayName ?? null,
    focus: (profile?.focus ?? []) as FocusThemeId[],
    currentTopics: (profile?.currentTopics ?? []) as CurrentTopicId[],
    // A day's replaced devotionals count as given that day, before the one that replaced them.
    recentLibraryIds: recent.flatMap((r) => [...r.replacedLibraryIds, ...(r.libraryId ? [r.libraryId] : [])]),
    recentPassages: recent.flatMap((r) => [...r.replacedPassages, r.passage]),
    variant: options.variant,
  });
}

function rowValues(draft: DevotionalDraft, source: string) {
  return {
    title: draft.title,
    passage: draft.passage,
    passageText: passageText(draft.passage),
    content: draft.body,
    reflection: draft.reflection,
    theme: draft.theme,
    prayer: draft.prayer,
    libraryId: draft.libraryId,
    source,
  };
}

/**
 * generate-daily-devotional: the person's devotional for their own today, generated once and then served from the
 * database. The daily devotional is not capped (it is the free tier's heart); it is recorded in ai_usage when a model
 * wrote it. See docs/decisions/005-today.md.
 */
export async function getTodayDevotional(
  db: Database,
  ai: AiTextProvider,
  options: { userId: string; now?: Date },
): Promise<{ devotional: Devotional; date: string; timeZone: string }> {
  // One round trip on the common path: the person's devotionals of the three dates around the UTC date (his own date is
  // one of them, whatever his time zone) with his time zone, which picks today's. Only when he has none of them (his
  // first visit of the day, or ever) is the time zone read on its own, before the devotional is prepared.
  const now = options.now ?? new Date();
  const around = await prepared(db, "devotionals_around_day", () =>
    db
      .select({
        ...devotionalColumns,
        // Qualified by hand: Drizzle writes the select list's columns unqualified in a one-table query.
        timeZone: sql<string | null>`(select p.time_zone from profiles p where p.id = devotionals.user_id)`,
      })
      .from(devotionals)
      .where(
        and(
          eq(devotionals.userId, sql.placeholder("userId")),
          between(
            devotionals.devotionalDate,
            sql`${sql.placeholder("utcDate")}::date - 1`,
            sql`${sql.placeholder("utcDate")}::date + 1`,
          ),
        ),
      )
      .prepare("devotionals_around_day"),
  ).execute({ userId: options.userId, utcDate: now.toISOString().slice(0, 10) });
  const { date, timeZone } = around[0] ? dayIn(now, around[0].timeZone) : await userDay(db, options.userId, now);
  const existing = around.find((row) => row.devotionalDate === date);
  if (existing) return { devotional: toDevotional(existing), date, timeZone };
  const { draft, tokensUsed } = await draftFor(db, ai, { userId: options.userId, date, variant: 0 });
  const [inserted] = await db
    .insert(devotionals)
    .values({ userId: options.userId, devotionalDate: date, ...rowValues(draft, draft.libraryId ? "library" : ai.name) })
    .onConflictDoNothing()
    .returning();
  if (inserted && tokensUsed > 0) {
    await db.insert(schema.aiUsage).values({ userId: options.userId, featureType: "devotional", tokensUsed });
  }
  // Two first requests at once: the other one's row won; serve it.
  const [row] = inserted
    ? [inserted]
    : await db
        .select()
        .from(devotionals)
        .where(and(eq(devotionals.userId, options.userId), eq(devotionals.devotionalDate, date)));
  if (!row) throw new AppError("INTERNAL", "Today's devotional could not be prepared.");
  return { devotional: toDevotional(row), date, timeZone };
}

/** refresh-devotional: a new devotional for today, counted against the monthly "devotional" cap. */
export async function refreshDevotional(
  db: Database,
  ai: AiTextProvider,
  options: { userId: string; now?: Date },
): Promise<Devotional> {
  const { devotional, date } = await getTodayDevotional(db, ai, options);
  const [progress] = await db
    .select()
    .from(devotionalProgress)
    .where(and(eq(devotionalProgress.userId, options.userId), eq(devotionalProgress.devotionalId, devotional.id)));
  if (progress?.completed) throw new AppError("CONFLICT", "You've completed today's devotional; a new one comes tomorrow.");
  // Refuse before asking a model to write (and spend tokens on) a devotional the cap would throw away.
  const access = await checkAccess(db, { userId: options.userId, feature: "devotional", now: options.now });
  if (!access.allowed) throw await refuseAccess(db, options.userId, access);
  const [current] = await db.select().from(devotionals).where(eq(devotionals.id, devotional.id));
  const variant = (current?.refreshCount ?? 0) + 1;
  const { draft, tokensUsed } = await draftFor(db, ai, { userId: options.userId, date, variant });
  const { result } = await withAccess(
    db,
    { userId: options.userId, feature: "devotional", tokens: tokensUsed, now: options.now },
    (tx) =>
      tx
        .update(devotionals)
        .set({
          ...rowValues(draft, draft.libraryId ? "library" : ai.name),
          refreshCount: variant,
          replacedLibraryIds: [...(current?.replacedLibraryIds ?? []), ...(current?.libraryId ? [current.libraryId] : [])],
          replacedPassages: [...(current?.replacedPassages ?? []), ...(current ? [current.passage] : [])],
        })
        .where(eq(devotionals.id, devotional.id))
        .returning(),
  );
  return toDevotional(result[0]!);
}

/** Mark Complete: once complete it stays complete. */
export async function completeDevotional(db: Database, options: { userId: string; devotionalId: string; now?: Date }) {
  const progress = await ensureProgress(db, options);
  if (!progress.completed) {
    await db
      .update(devotionalProgress)
      .set({ completed: true, completedAt: options.now ?? new Date() })
      .where(and(eq(devotionalProgress.id, progress.id), eq(devotionalProgress.completed, false)));
  }
  const [row] = await db.select().from(devotionalProgress).where(eq(devotionalProgress.id, progress.id));
  return { progress: toProgress(row!), streak: await streakDays(db, { userId: options.userId, now: options.now }) };
}

/** Saves the connection value; also answers the value it replaced (50, the default, when it was never set). */
export async function setConnection(
  db: Database,
  options: { userId: string; devotionalId: string; value: number; now?: Date },
): Promise<{ progress: Progress; previous: number }> {
  const progress = await ensureProgress(db, options);
  const [row] = await db
    .update(devotionalProgress)
    .set({ spiritualConnection: options.value, connectionUpdatedAt: options.now ?? new Date() })
    .where(eq(devotionalProgress.id, progress.id))
    .returning();
  return { progress: toProgress(row!), previous: progress.spiritualConnection };
}

export async function markPrayed(db: Database, options: { userId: string; devotionalId: string; now?: Date }) {
  const progress = await ensureProgress(db, options);
  const [row] = await db
    .update(devotionalProgress)
    .set({ prayedAt: progress.prayedAt ?? options.now ?? new Date() })
    .where(eq(devotionalProgress.id, progress.id))
    .returning();
  return toProgress(row!);
}

export function toCheckin(row: typeof dailyCheckins.$inferSelect): Checkin {
  return {
    check_in_date: row.checkInDate,
    mood: row.mood,
    focus_areas: row.focusAreas,
    notes: row.notes,
    spiritual_connection: row.spiritualConnection,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getTodayCheckin(db: Executor, options: { userId: string; now?: Date }): Promise<Checkin | null> {
  const { date } = await userDay(db, options.userId, options.now);
  const [row] = await db
    .select()
    .from(dailyCheckins)
    .where(and(eq(dailyCheckins.userId, options.userId), eq(dailyCheckins.checkInDate, date)));
  return row ? toCheckin(row) : null;
}

export async function upsertCheckin(
  db: Database,
  options: {
    userId: string;
    mood: string;
    focusAreas: string[];
    notes?: string;
    spiritualConnection?: number;
    /** The day it was made, when it was made offline and is sent later (issue 18). */
    madeOn?: string;
    now?: Date;
  },
): Promise<Checkin> {
  const { date: today } = await userDay(db, options.userId, options.now);
  const date = dayMadeOn(today, options.madeOn, "A check-in");
  const values = {
    mood: options.mood,
    focusAreas: [...new Set(options.focusAreas)],
    notes: options.notes?.trim() || null,
    spiritualConnection: options.spiritualConnection ?? null,
    updatedAt: options.now ?? new Date(),
  };
  const [row] = await db
    .insert(dailyCheckins)
    .values({ userId: options.userId, checkInDate: date, ...values })
    .onConflictDoUpdate({ target: [dailyCheckins.userId, dailyCheckins.checkInDate], set: values })
    .returning();
  return toCheckin(row!);
}

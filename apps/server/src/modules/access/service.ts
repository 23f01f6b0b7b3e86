import { and, eq, sql } from "drizzle-orm";
import {
  ACCESS_CHECK_CAPS,
  ACCESS_MESSAGES,
  CAP_HIT_ACTION,
  CAPPED_FEATURES,
  describeUsage,
  isCappedFeature,
  isFeatureType,
  isPremium,
  isPremiumOnly,
  monthKey,
  PREMIUM_ONLY_MESSAGE,
  wouldExceedCap,
  type AccessResult,
  type CappedFeature,
  type FeatureType,
  type SubscriptionRow,
  type UsageSummary,
  usageWarningMessage,
} from "@shepherd/shared";
import { prepared, schema, type Database, type Executor, type Transaction } from "../../db/client";
import { AppError } from "../../errors";
import { getSubscriptionRow } from "../subscription/service";

/**
 * The one access check every capped or premium-only feature goes through.
 *
 *   checkAccess(db, { userId, feature })           -> may this person use it now? (reads only)
 *   withAccess(db, { userId, feature, tokens }, work) -> checks, counts the use and runs `work` in ONE transaction;
 *                                                     the usage row is locked, so parallel calls cannot both pass a cap.
 *   usageSummary(db, userId)                        -> this month's counts, caps and warnings
 *
 * Failures carry the spec's messages (section 6): "Unable to verify subscription status", "Unable to verify usage
 * limits", "Unknown feature type", "An error occurred while checking access".
 */

const { monthlyUsageLimits, aiUsage } = schema;

const COLUMN: Record<CappedFeature, keyof typeof monthlyUsageLimits.$inferSelect> = {
  devotional: "devotionalGenerations",
  insight: "insightGenerations",
  audio: "audioGenerations",
  journal: "journalEntries",
  image: "imageGenerations",
  gathering_content: "gatheringContentGenerations",
};

function fail(code: "UNAVAILABLE" | "BAD_REQUEST" | "INTERNAL", message: string, cause?: unknown): AppError {
  return new AppError(code, message, { cause });
}

async function loadSubscription(db: Executor, userId: string): Promise<SubscriptionRow | null> {
  try {
    return await getSubscriptionRow(db as Database, userId);
  } catch (error) {
    throw fail("UNAVAILABLE", ACCESS_MESSAGES.subscriptionLookupFailed, error);
  }
}

async function loadUsage(db: Executor, userId: string, month: string, lock: boolean) {
  try {
    if (lock) {
      await db.insert(monthlyUsageLimits).values({ userId, month }).onConflictDoNothing();
    }
    if (lock) {
      const [row] = await db
        .select()
        .from(monthlyUsageLimits)
        .where(and(eq(monthlyUsageLimits.userId, userId), eq(monthlyUsageLimits.month, month)))
        .for("update");
      return row ?? null;
    }
    // The read every visit makes (/api/usage) is a named prepared statement.
    const [row] = await prepared(db, "usage_row", () =>
      db
        .select()
        .from(monthlyUsageLimits)
        .where(
          and(eq(monthlyUsageLimits.userId, sql.placeholder("userId")), eq(monthlyUsageLimits.month, sql.placeholder("month"))),
        )
        .prepare("usage_row"),
    ).execute({ userId, month });
    return row ?? null;
  } catch (error) {
    throw fail("UNAVAILABLE", ACCESS_MESSAGES.usageLookupFailed, error);
  }
}

function decide(options: { feature: FeatureType; premium: boolean; used: number }): AccessResult {
  const { feature, premium, used } = options;
  const usage = isCappedFeature(feature) ? describeUsage(feature, used, premium) : null;
  if (premium) return { allowed: true, feature, usage };
  if (isPremiumOnly(feature)) return { allowed: false, feature, reason: "premium_only", message: PREMIUM_ONLY_MESSAGE, usage };
  if (isCappedFeature(feature) && wouldExceedCap(used, ACCESS_CHECK_CAPS[feature])) {
    return {
      allowed: false,
      feature,
      reason: "limit_reached",
      message: usageWarningMessage(feature, ACCESS_CHECK_CAPS[feature]),
      usage,
    };
  }
  return { allowed: true, feature, usage };
}

function assertFeature(feature: string): FeatureType {
  if (!isFeatureType(feature)) throw fail("BAD_REQUEST", ACCESS_MESSAGES.unknownFeature);
  return feature;
}

function rethrow(error: unknown): never {
  if (error instanceof AppError) throw error;
  throw fail("INTERNAL", ACCESS_MESSAGES.otherFailure, error);
}

export async function checkAccess(db: Database, options: { userId: string; feature: string; now?: Date }): Promise<AccessResult> {
  const feature = assertFeature(options.feature);
  try {
    const now = options.now ?? new Date();
    const premium = isPremium(await loadSubscription(db, options.userId), now);
    const row = isCappedFeature(feature) ? await loadUsage(db, options.userId, monthKey(now), false) : null;
    const used = row && isCappedFeature(feature) ? (row[COLUMN[feature]] as number) : 0;
    return decide({ feature, premium, used });
  } catch (error) {
    rethrow(error);
  }
}

type Refusal = Extract<AccessResult, { allowed: false }>;

/** Refusal of an access check, as an error a route can throw (403 for premium-only, 429 for a reached cap). */
export function accessDenied(result: Refusal): AppError {
  return new AppError(result.reason === "premium_only" ? "PREMIUM_REQUIRED" : "LIMIT_REACHED", result.message);
}

/**
 * A feature refused him: records the cap hit (an activity event `cap_hit` with the feature and why, for admin
 * Features) and answers the error to throw. Recording is best effort: a failed insert does not change the answer.
 */
export async function refuseAccess(db: Database, userId: string, result: Refusal): Promise<AppError> {
  await db
    .insert(schema.activityEvents)
    .values({ userId, actionType: CAP_HIT_ACTION, metadata: { feature: result.feature, reason: result.reason } })
    .catch(() => undefined);
  return accessDenied(result);
}

export async function withAccess<T>(
  db: Database,
  options: { userId: string; feature: string; tokens?: number; audioSeconds?: number; now?: Date },
  work: (tx: Transaction) => Promise<T>,
): Promise<{ result: T; access: AccessResult }> {
  const feature = assertFeature(options.feature);
  const now = options.now ?? new Date();
  const tokens = Math.max(0, Math.round(options.tokens ?? 0));
  let workFailed = false;
  let refused: Refusal | undefined;
  try {
    return await db.transaction(async (tx) => {
      const premium = isPremium(await loadSubscription(tx, options.userId), now);
      const month = monthKey(now);
      const row = await loadUsage(tx, options.userId, month, true);
      const used = row && isCappedFeature(feature) ? (row[COLUMN[feature]] as number) : 0;
      const decision = decide({ feature, premium, used });
      if (!decision.allowed) {
        refused = decision;
        throw accessDenied(decision);
      }
      const column = isCappedFeature(feature) ? monthlyUsageLimits[COLUMN[feature] as "journalEntries"] : null;
      await tx
        .update(monthlyUsageLimits)
        .set({
          ...(column ? { [COLUMN[feature as CappedFeature]]: sql`${column} + 1` } : {}),
          totalTokensUsed: sql`${monthlyUsageLimits.totalTokensUsed} + ${tokens}`,
          updatedAt: now,
        })
        .where(and(eq(monthlyUsageLimits.userId, options.userId), eq(monthlyUsageLimits.month, month)));
      await tx.insert(aiUsage).values({
        userId: options.userId,
        featureType: feature,
        tokensUsed: tokens,
        audioSeconds: options.audioSeconds === undefined ? null : Math.round(options.audioSeconds),
        createdAt: now,
      });
      const result = await work(tx).catch((error: unknown) => {
        workFailed = true;
        throw error;
      });
      const usage = isCappedFeature(feature) ? describeUsage(feature, used + 1, premium) : null;
      return { result, access: { allowed: true as const, feature, usage } };
    });
  } catch (error) {
    // The feature's own failure reaches the caller as it is: it is not an access-check failure.
    if (workFailed) throw error;
    if (refused) throw await refuseAccess(db, options.userId, refused);
    rethrow(error);
  }
}

/**
 * Tokens spent after the counted call, by work it started (a plan written day by day in the background): one ai_usage
 * row, and the month's total. Nothing is written when nothing was spent (the offline composer).
 */
export async function recordAiTokens(
  db: Executor,
  options: { userId: string; feature: FeatureType; tokens: number; now?: Date },
): Promise<void> {
  const tokens = Math.max(0, Math.round(options.tokens));
  if (tokens === 0) return;
  const now = options.now ?? new Date();
  const month = monthKey(now);
  await db
    .insert(monthlyUsageLimits)
    .values({ userId: options.userId, month, totalTokensUsed: tokens })
    .onConflictDoUpdate({
      target: [monthlyUsageLimits.userId, monthlyUsageLimits.month],
      set: { totalTokensUsed: sql`${monthlyUsageLimits.totalTokensUsed} + ${tokens}`, updatedAt: now },
    });
  await db.insert(aiUsage).values({ userId: options.userId, featureType: options.feature, tokensUsed: tokens, createdAt: now });
}

/**
 * An image an admin generated (admin Generate images): counted in his month's image_generations and ai_usage. Not
 * capped: the free cap of 0 keeps members from it, and only admins can ask for artwork.
 */
export async function recordImageGeneration(db: Executor, options: { userId: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const month = monthKey(now);
  await db
    .insert(monthlyUsageLimits)
    .values({ userId: options.userId, month, imageGenerations: 1 })
    .onConflictDoUpdate({
      target: [monthlyUsageLimits.userId, monthlyUsageLimits.month],
      set: { imageGenerations: sql`${monthlyUsageLimits.imageGenerations} + 1`, updatedAt: now },
    });
  await db.insert(aiUsage).values({ userId: options.userId, featureType: "image", tokensUsed: 0, createdAt: now });
}

export async function usageSummary(db: Database, options: { userId: string; now?: Date }): Promise<UsageSummary> {
  const now = options.now ?? new Date();
  try {
    const month = monthKey(now);
    const [subscription, row] = await Promise.all([
      loadSubscription(db, options.userId),
      loadUsage(db, options.userId, month, false),
    ]);
    const premium = isPremium(subscription, now);
    return {
      month,
      is_premium: premium,
      features: CAPPED_FEATURES.map((feature) => describeUsage(feature, row ? (row[COLUMN[feature]] as number) : 0, premium)),
    };
  } catch (error) {
    rethrow(error);
  }
}

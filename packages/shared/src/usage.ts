/**
 * Free-tier monthly caps (spec sections 6 and 9). The spec gives two tables that disagree on devotionals and
 * insights; we enforce the access-check table and warn from the usage-warning table
 * (docs/decisions/004-premium-plans-and-caps.md). Change them here, in one place.
 */

/** Features that count against a monthly cap. */
export const CAPPED_FEATURES = ["devotional", "insight", "audio", "journal", "image", "gathering_content"] as const;
export type CappedFeature = (typeof CAPPED_FEATURES)[number];

/** Features free users cannot use at all. */
export const PREMIUM_ONLY_FEATURES = ["gathering_content", "series_creation", "custom_plan"] as const;
export type PremiumOnlyFeature = (typeof PREMIUM_ONLY_FEATURES)[number];

export const FEATURE_TYPES = [
  "devotional",
  "insight",
  "audio",
  "journal",
  "image",
  "gathering_content",
  "series_creation",
  "custom_plan",
] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

/** Spec section 9, "Free monthly caps in the access check": enforced on the server. */
export const ACCESS_CHECK_CAPS: Record<CappedFeature, number> = {
  devotional: 1,
  insight: 1,
  audio: 5,
  journal: 10,
  image: 0,
  gathering_content: 0,
};

/** Spec section 9, "usage-warning table": used for the 80% warning shown to the person. */
export const USAGE_WARNING_CAPS: Record<CappedFeature, number> = {
  devotional: 30,
  insight: 4,
  audio: 5,
  journal: 10,
  image: 0,
  gathering_content: 0,
};

/** Spec section 9: a warning shows at 80% or more of a cap. */
export const USAGE_WARNING_PERCENT = 80;

/** The words used in the warning sentence for each feature. */
export const FEATURE_NOUNS: Record<CappedFeature, string> = {
  devotional: "devotionals",
  insight: "insights",
  audio: "audio generations",
  journal: "journal entries",
  image: "image generations",
  gathering_content: "gathering content generations",
};

export const PREMIUM_ONLY_MESSAGE = "This feature is only available for Premium members...";
export const ACCESS_MESSAGES = {
  subscriptionLookupFailed: "Unable to verify subscription status",
  usageLookupFailed: "Unable to verify usage limits",
  unknownFeature: "Unknown feature type",
  otherFailure: "An error occurred while checking access",
} as const;

export function isFeatureType(value: string): value is FeatureType {
  return (FEATURE_TYPES as readonly string[]).includes(value);
}

export function isCappedFeature(value: string): value is CappedFeature {
  return (CAPPED_FEATURES as readonly string[]).includes(value);
}

export function isPremiumOnly(value: string): value is PremiumOnlyFeature {
  return (PREMIUM_ONLY_FEATURES as readonly string[]).includes(value);
}

/** The month key: the first day of the month (UTC) as YYYY-MM-01. */
export function monthKey(now: Date = new Date()): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-01`;
}

/** True when one more use would go past the cap. */
export function wouldExceedCap(used: number, cap: number): boolean {
  return used + 1 > cap;
}

/**
 * Spec section 9: warn at 80% or more of the cap. A cap of 0 means the feature is closed to free users: the access
 * check refuses it with its own message, so no "limit of 0" warning is shown.
 */
export function shouldWarn(used: number, cap: number): boolean {
  if (cap <= 0) return false;
  return used * 100 >= cap * USAGE_WARNING_PERCENT; // integers, so 8 of 10 is exactly 80%
}

/** Spec section 8, "Usage warning". */
export function usageWarningMessage(feature: CappedFeature, cap: number): string {
  return `You've reached your monthly limit of ${cap} ${FEATURE_NOUNS[feature]}. Upgrade to Premium for unlimited access.`;
}

export interface FeatureUsage {
  feature: CappedFeature;
  used: number;
  /** The enforced cap (access-check table); null for Premium. */
  limit: number | null;
  /** The warning, when one applies (usage-warning table); null otherwise. */
  warning: string | null;
}

export interface UsageSummary {
  month: string;
  is_premium: boolean;
  features: FeatureUsage[];
}

/** Builds what the person sees about one feature's usage this month. */
export function describeUsage(feature: CappedFeature, used: number, premium: boolean): FeatureUsage {
  if (premium) return { feature, used, limit: null, warning: null };
  const warnCap = USAGE_WARNING_CAPS[feature];
  return {
    feature,
    used,
    limit: ACCESS_CHECK_CAPS[feature],
    warning: shouldWarn(used, warnCap) ? usageWarningMessage(feature, warnCap) : null,
  };
}

export type AccessResult =
  | { allowed: true; feature: FeatureType; usage: FeatureUsage | null }
  | { allowed: false; feature: string; reason: "premium_only" | "limit_reached"; message: string; usage: FeatureUsage | null };

/** Short names for the usage table on /subscription ("Audio: 2 of 5 this month"). */
export const USAGE_LABELS: Record<CappedFeature, string> = {
  devotional: "Devotionals",
  insight: "Insights",
  audio: "Audio",
  journal: "Journal entries",
  image: "Images",
  gathering_content: "Gathering content",
};

/** The usage lines a member sees, in plain words; a row that is 0 of 0 (nothing to use, nothing used) is left out. */
export function usageLines(
  features: readonly FeatureUsage[],
): Array<{ feature: CappedFeature; text: string; warning: string | null }> {
  return features
    .filter((f) => !(f.limit === 0 && f.used === 0))
    .map((f) => ({
      feature: f.feature,
      text:
        f.limit === null
          ? `${USAGE_LABELS[f.feature]}: ${f.used} this month (no limit)`
          : `${USAGE_LABELS[f.feature]}: ${f.used} of ${f.limit} this month`,
      warning: f.warning,
    }));
}

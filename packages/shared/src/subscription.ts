import { z } from "zod";

/** Spec section 3 and 6: the subscription as the client sees it, and the premium test. */

export interface SubscriptionRow {
  plan_type: string | null;
  status: string | null;
  trial_end: string | null;
  current_period_end: string | null;
}

export interface SubscriptionStatus extends SubscriptionRow {
  is_premium: boolean;
  /** The subscription ends at current_period_end instead of renewing. */
  cancel_at_period_end: boolean;
  /** "local" (test checkout) or "stripe"; null with no subscription. */
  provider: string | null;
}

/**
 * Section 6: premium when (plan_type contains "premium" OR the trial has not ended) AND status is active or trialing.
 * No row means free.
 */
export function isPremium(row: SubscriptionRow | null, now: Date = new Date()): boolean {
  if (!row) return false;
  const premiumPlan = (row.plan_type ?? "").toLowerCase().includes("premium");
  const inTrial = row.trial_end !== null && new Date(row.trial_end).getTime() > now.getTime();
  const activeStatus = row.status === "active" || row.status === "trialing";
  return (premiumPlan || inTrial) && activeStatus;
}

export const CANCEL_REASON_MAX = 500;

/** POST /api/subscription/cancel: why he is leaving, if he wants to say (admin Churn reads it). */
export const cancelSubscriptionInput = z
  .object({
    reason: z
      .string()
      .trim()
      .max(CANCEL_REASON_MAX, `Keep the reason under ${CANCEL_REASON_MAX} characters`)
      .refine((v) => !v.includes("\u0000"), "may not contain NUL characters")
      .optional(),
  })
  .strict();

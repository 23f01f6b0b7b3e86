/**
 * Waiting for a member's plan to be written (spec sections 3, 4 and 9), apart from path.ts and without zod: the
 * browser's poller runs on every signed-in page, and this keeps zod out of those pages. path.ts re-exports it.
 */

export const PLAN_POLL_INTERVAL_MS = 5000;
export const PLAN_POLL_GIVE_UP_MS = 300_000;
export const PLAN_READY_TOAST_MS = 10_000;
export const PLAN_GENERATION_MARKER_KEY = "planGeneration";

/** Spec section 3: the plan generation marker, kept in browser storage while a plan is written. */
export interface GenerationMarker {
  planId: string;
  planTitle: string;
  /** ms timestamp */
  startedAt: number;
}

export function parseGenerationMarker(value: string | null): GenerationMarker | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<GenerationMarker>;
    if (typeof parsed.planId === "string" && typeof parsed.planTitle === "string" && typeof parsed.startedAt === "number") {
      return { planId: parsed.planId, planTitle: parsed.planTitle, startedAt: parsed.startedAt };
    }
  } catch {
    // not ours: treated as no marker
  }
  return null;
}

/**
 * Spec section 4, "Plan generation", in order: a marker older than 5 minutes is given up on (the toast "Generation
 * taking longer than expected"); otherwise the plan is ready when it has at least one plan day; otherwise wait for the
 * next poll. `hasDay` is null when the check failed: it is logged and retried (section 8).
 */
export function generationPollDecision(
  marker: GenerationMarker,
  now: number,
  hasDay: boolean | null,
): "give_up" | "ready" | "wait" {
  if (now - marker.startedAt > PLAN_POLL_GIVE_UP_MS) return "give_up";
  return hasDay ? "ready" : "wait";
}

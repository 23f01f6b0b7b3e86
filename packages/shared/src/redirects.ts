/** Section 4: where a person goes after signing in, and guard decisions. */

export interface OnboardingProfile {
  display_name: string | null;
  focus: string[];
  current_topics: string[];
}

export interface SignInOutcome {
  to: string;
  toast: { title: string; description: string };
}

export function afterSignIn(options: { onboardingFlag: boolean; profile: OnboardingProfile | null }): SignInOutcome {
  const { onboardingFlag, profile } = options;
  const focus = profile?.focus ?? [];
  if (onboardingFlag && profile?.display_name && focus.length > 0) {
    return { to: "/", toast: { title: "Welcome back!", description: "You're now signed in." } };
  }
  const toast = { title: "Welcome back!", description: "Let's continue setting up your journey..." };
  if (focus.length === 0) return { to: "/onboarding/focus", toast };
  if ((profile?.current_topics ?? []).length === 0) return { to: "/onboarding/intentions", toast };
  return { to: "/onboarding/profile", toast };
}

/** A signed-in visitor on /auth (not from onboarding). */
export function signedInAuthVisitor(onboardingFlag: boolean): string {
  return onboardingFlag ? "/" : "/onboarding/focus";
}

export const SIGN_UP_DESTINATION = "/onboarding/focus";
export const SIGN_IN_ROUTE = "/auth?from=onboarding";
export const ONBOARDING_START = "/onboarding/welcome";

export type GuardDecision = { kind: "loading" } | { kind: "allow" } | { kind: "landing" } | { kind: "redirect"; to: string };

/**
 * Guard for routes that need finished onboarding. A signed-out visitor at / meets the landing page (what Shepherd is,
 * and the way to sign up); at any other such route he is sent to sign in.
 */
export function appRouteGuard(
  state: { loading: boolean; signedIn: boolean; onboardingCompleted: boolean },
  path: string,
): GuardDecision {
  if (state.loading) return { kind: "loading" };
  if (!state.signedIn) return path === "/" ? { kind: "landing" } : { kind: "redirect", to: SIGN_IN_ROUTE };
  if (!state.onboardingCompleted) return { kind: "redirect", to: ONBOARDING_START };
  return { kind: "allow" };
}

/** Guard for onboarding routes: finished users go home. */
export function onboardingRouteGuard(state: {
  loading: boolean;
  signedIn: boolean;
  onboardingCompleted: boolean;
}): GuardDecision {
  if (state.loading) return { kind: "loading" };
  if (!state.signedIn) return { kind: "redirect", to: SIGN_IN_ROUTE };
  if (state.onboardingCompleted) return { kind: "redirect", to: "/" };
  return { kind: "allow" };
}

export function adminRouteGuard(state: { loading: boolean; signedIn: boolean; isAdmin: boolean }): GuardDecision {
  if (state.loading) return { kind: "loading" };
  if (!state.signedIn) return { kind: "redirect", to: SIGN_IN_ROUTE };
  if (!state.isAdmin) return { kind: "redirect", to: "/" };
  return { kind: "allow" };
}

/** Onboarding steps in order (our order for the steps the spec leaves open; see docs/onboarding.md). */
export const ONBOARDING_STEPS = ["welcome", "focus", "intentions", "profile", "plan-selection", "complete"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export function nextOnboardingStep(step: OnboardingStep): string {
  const index = ONBOARDING_STEPS.indexOf(step);
  const next = ONBOARDING_STEPS[index + 1];
  return next ? `/onboarding/${next}` : "/";
}

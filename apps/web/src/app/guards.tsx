import { useEffect, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { rememberReturnTo, returnToOr } from "@/lib/return-to";
import { adminRouteGuard, appRouteGuard, onboardingRouteGuard, type GuardDecision } from "@shepherd/shared/redirects";
import { FullPageSpinner } from "@/components/ui/spinner";
import { writeOnboardingFlag } from "@/lib/onboarding-flag";
import { useMe } from "@/lib/session";

function useGuardState() {
  const me = useMe();
  // Section 8: an onboarding-status error means onboarding is treated as not complete.
  const completed = Boolean(me.data?.profile.onboarding_completed_at);
  useEffect(() => {
    if (completed) writeOnboardingFlag(true);
  }, [completed]);
  return {
    loading: me.isPending,
    signedIn: Boolean(me.data),
    onboardingCompleted: !me.isError && completed,
    isAdmin: Boolean(me.data?.isAdmin),
  };
}

function Decide(props: { decision: GuardDecision; loading: ReactNode; children: ReactNode }) {
  const location = useLocation();
  if (props.decision.kind === "loading") return <>{props.loading}</>;
  if (props.decision.kind === "redirect") {
    rememberReturnTo(location.pathname);
    // Home, for someone who can now use it, may be a link he opened before signing in (an invite).
    const to = props.decision.to === "/" ? returnToOr("/") : props.decision.to;
    return <Navigate to={to} replace state={{ from: location.pathname }} />;
  }
  return <>{props.children}</>;
}

/** Routes that need a signed-in user who has finished onboarding. A spinner shows while this is checked. */
export function RequireOnboarded({ children }: { children: ReactNode }) {
  const state = useGuardState();
  return (
    <Decide decision={appRouteGuard(state)} loading={<FullPageSpinner label="Checking your account" />}>
      {children}
    </Decide>
  );
}

/** Onboarding routes: "Loading..." while checking; signed-out visitors go to /auth?from=onboarding. */
export function RequireOnboarding({ children }: { children: ReactNode }) {
  const state = useGuardState();
  return (
    <Decide
      decision={onboardingRouteGuard(state)}
      loading={
        <p role="status" className="p-8 text-center text-stone-600">
          Loading...
        </p>
      }
    >
      {children}
    </Decide>
  );
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const state = useGuardState();
  return (
    <Decide decision={adminRouteGuard(state)} loading={<FullPageSpinner />}>
      {children}
    </Decide>
  );
}

import { lazy, Suspense, useDeferredValue, useEffect, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { rememberReturnTo, returnToOr } from "@/lib/return-to";
import { adminRouteGuard, appRouteGuard, onboardingRouteGuard, type GuardDecision } from "@shepherd/shared/redirects";
import { readOnboardingFlag, writeOnboardingFlag } from "@/lib/onboarding-flag";
import { useMe } from "@/lib/session";
import { AppLayout, Header, PageSkeleton } from "./layout";

/** The landing page is for visitors only: its code loads when one arrives, never for a member. */
const LandingPage = lazy(async () => ({ default: (await import("@/features/landing/pages/landing-page")).LandingPage }));

/**
 * Who is asking, as the guards see it. The query's answer arrives as an urgent update (React renders a store's change
 * at once, in one task); the guards follow it through deferred values, so the page it lets through (the shell and,
 * say, Today) renders in a transition, in short slices that leave the phone's main thread free between them.
 */
function useGuardState() {
  const me = useMe();
  const status = useDeferredValue(me.status);
  const data = useDeferredValue(me.data);
  // Section 8: an onboarding-status error means onboarding is treated as not complete.
  const completed = Boolean(data?.profile.onboarding_completed_at);
  useEffect(() => {
    if (completed) writeOnboardingFlag(true);
  }, [completed]);
  return {
    loading: status === "pending",
    signedIn: Boolean(data),
    onboardingCompleted: status !== "error" && completed,
    isAdmin: Boolean(data?.isAdmin),
  };
}

function Decide(props: { decision: GuardDecision; loading: ReactNode; children: ReactNode }) {
  const location = useLocation();
  if (props.decision.kind === "loading") return <>{props.loading}</>;
  if (props.decision.kind === "landing") return <Landing />;
  if (props.decision.kind === "redirect") {
    rememberReturnTo(location.pathname);
    // Home, for someone who can now use it, may be a link he opened before signing in (an invite).
    const to = props.decision.to === "/" ? returnToOr("/") : props.decision.to;
    return <Navigate to={to} replace state={{ from: location.pathname }} />;
  }
  return <>{props.children}</>;
}

/** A signed-out visitor at /: the header he will know, then what Shepherd is. */
function Landing() {
  return (
    <>
      <Header />
      <Suspense
        fallback={
          <main id="main" className="mx-auto max-w-3xl px-4 pt-6">
            <PageSkeleton />
          </main>
        }
      >
        <LandingPage />
      </Suspense>
    </>
  );
}

/**
 * While the session is checked, a cold load shows the app's frame at once: header, the navigation when this browser
 * has a member who finished onboarding (the spec's onboardingComplete flag), and the page's skeleton. It is the layout
 * the guarded routes use (`wide` as theirs), so the page, once let through, fills it in instead of replacing it.
 */
function checkingAccount(wide = false) {
  return <AppLayout checking nav={readOnboardingFlag()} wide={wide} />;
}

/** Routes that need a signed-in user who has finished onboarding; / shows a signed-out visitor the landing page. */
export function RequireOnboarded({ children }: { children: ReactNode }) {
  const state = useGuardState();
  const { pathname } = useLocation();
  return (
    <Decide decision={appRouteGuard(state, pathname)} loading={checkingAccount()}>
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
    <Decide decision={adminRouteGuard(state)} loading={checkingAccount(true)}>
      {children}
    </Decide>
  );
}

import { describe, expect, it } from "vitest";
import {
  adminRouteGuard,
  afterSignIn,
  appRouteGuard,
  nextOnboardingStep,
  onboardingRouteGuard,
  signedInAuthVisitor,
} from "./redirects";

const complete = { display_name: "Jonah", focus: ["marriage"], current_topics: ["work_pressure"] };

describe("after sign-in (spec section 4)", () => {
  it("goes home when the flag is set and the profile has a name and focus", () => {
    expect(afterSignIn({ onboardingFlag: true, profile: complete })).toEqual({
      to: "/",
      toast: { title: "Welcome back!", description: "You're now signed in." },
    });
  });

  it("continues onboarding otherwise, at the first missing step", () => {
    const toast = { title: "Welcome back!", description: "Let's continue setting up your journey..." };
    expect(afterSignIn({ onboardingFlag: false, profile: complete })).toEqual({ to: "/onboarding/profile", toast });
    expect(afterSignIn({ onboardingFlag: true, profile: { ...complete, focus: [] } })).toEqual({
      to: "/onboarding/focus",
      toast,
    });
    expect(afterSignIn({ onboardingFlag: true, profile: { ...complete, display_name: null } })).toEqual({
      to: "/onboarding/profile",
      toast,
    });
    expect(afterSignIn({ onboardingFlag: false, profile: { ...complete, current_topics: [] } })).toEqual({
      to: "/onboarding/intentions",
      toast,
    });
    expect(afterSignIn({ onboardingFlag: false, profile: null })).toEqual({ to: "/onboarding/focus", toast });
  });

  it("sends a signed-in visitor on /auth home or to focus by the flag", () => {
    expect(signedInAuthVisitor(true)).toBe("/");
    expect(signedInAuthVisitor(false)).toBe("/onboarding/focus");
  });
});

describe("guards", () => {
  it("app routes need sign-in and finished onboarding", () => {
    expect(appRouteGuard({ loading: true, signedIn: false, onboardingCompleted: false }, "/")).toEqual({ kind: "loading" });
    expect(appRouteGuard({ loading: false, signedIn: false, onboardingCompleted: false }, "/journal")).toEqual({
      kind: "redirect",
      to: "/auth?from=onboarding",
    });
    expect(appRouteGuard({ loading: false, signedIn: true, onboardingCompleted: false }, "/")).toEqual({
      kind: "redirect",
      to: "/onboarding/welcome",
    });
    expect(appRouteGuard({ loading: false, signedIn: true, onboardingCompleted: true }, "/")).toEqual({ kind: "allow" });
  });

  it("a signed-out visitor at / meets the landing page, not the sign-in form", () => {
    expect(appRouteGuard({ loading: false, signedIn: false, onboardingCompleted: false }, "/")).toEqual({ kind: "landing" });
    expect(appRouteGuard({ loading: false, signedIn: false, onboardingCompleted: false }, "/path")).toEqual({
      kind: "redirect",
      to: "/auth?from=onboarding",
    });
  });

  it("onboarding routes send finished users home", () => {
    expect(onboardingRouteGuard({ loading: false, signedIn: true, onboardingCompleted: true })).toEqual({
      kind: "redirect",
      to: "/",
    });
    expect(onboardingRouteGuard({ loading: false, signedIn: true, onboardingCompleted: false })).toEqual({ kind: "allow" });
    expect(onboardingRouteGuard({ loading: false, signedIn: false, onboardingCompleted: false })).toEqual({
      kind: "redirect",
      to: "/auth?from=onboarding",
    });
  });

  it("admin routes need the admin role", () => {
    expect(adminRouteGuard({ loading: false, signedIn: true, isAdmin: false })).toEqual({ kind: "redirect", to: "/" });
    expect(adminRouteGuard({ loading: false, signedIn: true, isAdmin: true })).toEqual({ kind: "allow" });
  });

  it("walks the onboarding steps in order and ends at home", () => {
    expect(nextOnboardingStep("welcome")).toBe("/onboarding/focus");
    expect(nextOnboardingStep("focus")).toBe("/onboarding/intentions");
    expect(nextOnboardingStep("intentions")).toBe("/onboarding/profile");
    expect(nextOnboardingStep("profile")).toBe("/onboarding/plan-selection");
    expect(nextOnboardingStep("plan-selection")).toBe("/onboarding/complete");
    expect(nextOnboardingStep("complete")).toBe("/");
  });
});

import { describe, expect, test } from "vitest";
import type { SubscriptionStatus } from "@shepherd/shared/subscription";
import { CONFIRMATION_WAIT_MS, checkoutOutcome } from "./checkout-outcome";

const free: SubscriptionStatus = {
  plan_type: null,
  status: null,
  trial_end: null,
  current_period_end: null,
  is_premium: false,
  cancel_at_period_end: false,
  provider: null,
};
const trial: SubscriptionStatus = { ...free, plan_type: "premium_monthly", status: "trialing", is_premium: true };
const paid: SubscriptionStatus = { ...free, plan_type: "premium_yearly", status: "active", is_premium: true };

describe("what /success says", () => {
  test("Premium only when the subscription reads Premium: a trial or a paid plan", () => {
    expect(checkoutOutcome({ signedIn: true, subscription: trial, waitedMs: 0 })).toBe("trial");
    expect(checkoutOutcome({ signedIn: true, subscription: paid, waitedMs: 0 })).toBe("active");
  });

  test("a free subscription is still being confirmed for a while, then plainly not confirmed", () => {
    expect(checkoutOutcome({ signedIn: true, subscription: free, waitedMs: 0 })).toBe("checking");
    expect(checkoutOutcome({ signedIn: true, subscription: free, waitedMs: CONFIRMATION_WAIT_MS - 1 })).toBe("checking");
    expect(checkoutOutcome({ signedIn: true, subscription: free, waitedMs: CONFIRMATION_WAIT_MS })).toBe("unconfirmed");
  });

  test("nothing is claimed before the session and the subscription are read; a visitor is asked to sign in", () => {
    expect(checkoutOutcome({ signedIn: undefined, subscription: undefined, waitedMs: CONFIRMATION_WAIT_MS })).toBe("checking");
    expect(checkoutOutcome({ signedIn: true, subscription: undefined, waitedMs: CONFIRMATION_WAIT_MS })).toBe("checking");
    expect(checkoutOutcome({ signedIn: false, subscription: undefined, waitedMs: 0 })).toBe("signed-out");
  });
});

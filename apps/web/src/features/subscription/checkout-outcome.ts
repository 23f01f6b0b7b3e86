import type { SubscriptionStatus } from "@shepherd/shared/subscription";

/** How long /success keeps asking for the payment's confirmation (the provider's webhook may trail the redirect). */
export const CONFIRMATION_WAIT_MS = 30_000;
export const CONFIRMATION_POLL_MS = 2_000;

/** What /success may truthfully say about the subscription it has just read. */
export type CheckoutOutcome = "signed-out" | "checking" | "trial" | "active" | "unconfirmed";

export function checkoutOutcome(input: {
  signedIn: boolean | undefined;
  subscription: SubscriptionStatus | undefined;
  waitedMs: number;
}): CheckoutOutcome {
  if (input.signedIn === false) return "signed-out";
  const sub = input.subscription;
  if (sub?.is_premium) return sub.status === "trialing" ? "trial" : "active";
  if (input.signedIn === undefined || !sub || input.waitedMs < CONFIRMATION_WAIT_MS) return "checking";
  return "unconfirmed";
}

import type { PlanId } from "@shepherd/shared";

/**
 * Billing: where a person pays. Two implementations: `local` (a test checkout page on our own server; no money
 * moves; refused in production unless BILLING_LOCAL_CHECKOUT=true) and `stripe` (Checkout, the customer portal and
 * signed webhooks). Chosen once at start from config.
 */
export interface CheckoutRequest {
  userId: string;
  email: string;
  planType: PlanId;
  /** Absolute URLs to come back to. */
  successUrl: string;
  cancelUrl: string;
  /** The Stripe customer id we already know for this user, if any. */
  customerId: string | null;
}

export interface BillingProvider {
  readonly name: "local" | "stripe";
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** A page where the person manages or cancels; null when management happens on our own subscription page. */
  createPortal(request: { customerId: string | null; returnUrl: string }): Promise<{ url: string } | null>;
  /** Ends a subscription at once (used when an account is deleted, so nobody is charged for a deleted account). */
  cancelNow(providerSubscriptionId: string): Promise<void>;
}

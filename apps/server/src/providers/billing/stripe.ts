import Stripe from "stripe";
import { TRIAL_DAYS, type PlanId } from "@shepherd/shared";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import type { BillingProvider } from "./billing";

type StripeConfig = NonNullable<Config["stripe"]>;

/** What our subscription row needs from a Stripe subscription. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  userId: string | null;
  planType: PlanId | null;
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Why he cancelled, when he said so in Stripe's portal (its feedback choice and comment). */
  cancellationReason: string | null;
}

export interface StripeBilling extends BillingProvider {
  readonly name: "stripe";
  /** Verifies the signature (Stripe-Signature header) and returns the event; throws on a bad signature. */
  parseWebhook(rawBody: string, signature: string): Stripe.Event;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  toSubscription(subscription: Stripe.Subscription): ProviderSubscription;
}

const seconds = (value: number | null | undefined) => (typeof value === "number" ? new Date(value * 1000) : null);

export function createStripeBilling(config: StripeConfig): StripeBilling {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
  const planForPrice = (priceId: string | undefined): PlanId | null =>
    (Object.entries(config.prices).find(([, price]) => price === priceId)?.[0] as PlanId | undefined) ?? null;

  const toSubscription = (subscription: Stripe.Subscription): ProviderSubscription => {
    const item = subscription.items?.data?.[0];
    const legacyPeriodEnd = (subscription as unknown as { current_period_end?: number }).current_period_end; // API versions before 2025-03
    const metadataPlan = subscription.metadata?.plan_type;
    return {
      id: subscription.id,
      customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
      userId: subscription.metadata?.user_id ?? null,
      planType:
        metadataPlan === "premium_monthly" || metadataPlan === "premium_annual" ? metadataPlan : planForPrice(item?.price?.id),
      status: subscription.status,
      trialEnd: seconds(subscription.trial_end),
      currentPeriodEnd: seconds(item?.current_period_end ?? legacyPeriodEnd),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      cancellationReason:
        [subscription.cancellation_details?.feedback, subscription.cancellation_details?.comment].filter(Boolean).join(": ") ||
        null,
    };
  };

  return {
    name: "stripe",
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: config.prices[request.planType], quantity: 1 }],
        success_url: `${request.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: request.cancelUrl,
        client_reference_id: request.userId,
        ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
        subscription_data: {
          trial_period_days: TRIAL_DAYS,
          metadata: { user_id: request.userId, plan_type: request.planType },
        },
        metadata: { user_id: request.userId, plan_type: request.planType },
      });
      if (!session.url) throw new AppError("UNAVAILABLE", "Stripe did not return a checkout page. Please try again.");
      return { url: session.url };
    },
    async createPortal(request) {
      if (!request.customerId) throw new AppError("NOT_FOUND", "There is no billing account to manage yet.");
      const session = await stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl });
      return { url: session.url };
    },
    async cancelNow(providerSubscriptionId) {
      await stripe.subscriptions.cancel(providerSubscriptionId);
    },
    parseWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
    },
    async retrieveSubscription(id) {
      return toSubscription(await stripe.subscriptions.retrieve(id));
    },
    toSubscription,
  };
}

import { Hono } from "hono";
import { CHECKOUT_START_ACTION, cancelSubscriptionInput, checkoutInput } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { AppError } from "../../errors";
import { readJson } from "../../http/validate";
import type { StripeBilling } from "../../providers/billing/stripe";
import { renderTestCheckout } from "./test-checkout-page";
import {
  cancelLocalCheckout,
  completeLocalCheckout,
  getCheckoutSession,
  getSubscription,
  refreshLocalSubscription,
  saveSubscription,
  setLocalCancelAtPeriodEnd,
} from "./service";
import { handleStripeEvent } from "./stripe-events";
import { eq } from "drizzle-orm";
import { schema } from "../../db/client";

const LOCAL_REFUSED =
  "The test checkout is turned off in production. Configure Stripe (STRIPE_SECRET_KEY and friends) or set BILLING_LOCAL_CHECKOUT=true.";

export function subscriptionRoutes(ctx: AppContext) {
  const stripe = ctx.billing.name === "stripe" ? (ctx.billing as StripeBilling) : null;
  const assertLocalAllowed = () => {
    if (ctx.billing.name === "local" && !ctx.config.localCheckoutAllowed) throw new AppError("FORBIDDEN", LOCAL_REFUSED);
  };
  const ownRow = async (userId: string) => {
    const [row] = await ctx.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    return row ?? null;
  };

  return (
    new Hono<AppEnv>()
      .get("/subscription", async (c) => {
        const user = await requireUser(c);
        return c.json(await getSubscription(ctx.db, user.id));
      })
      .post("/subscription/checkout", async (c) => {
        const user = await requireUser(c);
        const { plan } = await readJson(c, checkoutInput);
        assertLocalAllowed();
        const current = await getSubscription(ctx.db, user.id);
        if (current.is_premium)
          throw new AppError("CONFLICT", "You are already a Premium member. Manage your plan from this page.");
        const row = await ownRow(user.id);
        const { url } = await ctx.billing.createCheckout({
          userId: user.id,
          email: user.email,
          planType: plan,
          successUrl: `${ctx.baseUrl}/success`,
          cancelUrl: `${ctx.baseUrl}/cancel`,
          customerId: row?.providerCustomerId ?? null,
        });
        // A/B tests count this as a conversion (the upgrade banner's experiment); recorded here, so it is not forged.
        await ctx.db
          .insert(schema.activityEvents)
          .values({ userId: user.id, actionType: CHECKOUT_START_ACTION, metadata: { plan } });
        return c.json({ url });
      })
      .post("/subscription/portal", async (c) => {
        const user = await requireUser(c);
        const row = await ownRow(user.id);
        const portal = await ctx.billing.createPortal({
          customerId: row?.providerCustomerId ?? null,
          returnUrl: `${ctx.baseUrl}/subscription`,
        });
        if (!portal)
          throw new AppError("BAD_REQUEST", "This subscription is managed on the subscription page: use Cancel or Resume there.");
        return c.json(portal);
      })
      .post("/subscription/cancel", async (c) => {
        const user = await requireUser(c);
        // The reason is optional, and so is the body: a bodiless POST cancels without one.
        const { reason } =
          c.req.header("content-length") === "0" || !c.req.header("content-type")
            ? { reason: undefined }
            : await readJson(c, cancelSubscriptionInput);
        await setLocalCancelAtPeriodEnd(ctx.db, { userId: user.id, cancel: true, reason });
        return c.json(await getSubscription(ctx.db, user.id));
      })
      .post("/subscription/resume", async (c) => {
        const user = await requireUser(c);
        await setLocalCancelAtPeriodEnd(ctx.db, { userId: user.id, cancel: false });
        return c.json(await getSubscription(ctx.db, user.id));
      })
      // Spec section 7: check-subscription, called by the client every 60 s. Brings the row up to date.
      .post("/functions/check-subscription", async (c) => {
        const user = await requireUser(c);
        const row = await ownRow(user.id);
        if (row?.provider === "local") await refreshLocalSubscription(ctx.db, { userId: user.id });
        if (row?.provider === "stripe" && row.providerSubscriptionId && stripe) {
          const fresh = await stripe.retrieveSubscription(row.providerSubscriptionId);
          await saveSubscription(ctx.db, {
            userId: user.id,
            planType: fresh.planType ?? row.planType,
            status: fresh.status,
            trialEnd: fresh.trialEnd,
            currentPeriodEnd: fresh.currentPeriodEnd,
            cancelAtPeriodEnd: fresh.cancelAtPeriodEnd,
            provider: "stripe",
            providerCustomerId: fresh.customerId,
            providerSubscriptionId: fresh.id,
          });
        }
        return c.json(await getSubscription(ctx.db, user.id));
      })
      .post("/billing/stripe/webhook", async (c) => {
        if (!stripe) throw new AppError("NOT_FOUND", "Stripe is not configured on this server.");
        const signature = c.req.header("stripe-signature");
        if (!signature) throw new AppError("BAD_REQUEST", "Missing Stripe-Signature header.");
        const raw = await c.req.text();
        let event;
        try {
          event = stripe.parseWebhook(raw, signature);
        } catch {
          throw new AppError("BAD_REQUEST", "The webhook signature does not match.");
        }
        const outcome = await handleStripeEvent({ db: ctx.db, billing: stripe, mail: ctx.mail, log: ctx.log, event });
        return c.json({ received: true, outcome });
      })
      // The local test checkout: a plain page (no scripts) whose two buttons post back here.
      .get("/billing/test-checkout/:id", async (c) => {
        const user = await requireUser(c);
        assertLocalAllowed();
        const session = await getCheckoutSession(ctx.db, { userId: user.id, sessionId: c.req.param("id") });
        c.header("cache-control", "no-store");
        return c.html(renderTestCheckout({ session, email: user.email }));
      })
      .post("/billing/test-checkout/:id/complete", async (c) => {
        const user = await requireUser(c);
        assertLocalAllowed();
        await completeLocalCheckout(ctx.db, { userId: user.id, sessionId: c.req.param("id") });
        return c.redirect("/success", 303);
      })
      .post("/billing/test-checkout/:id/cancel", async (c) => {
        const user = await requireUser(c);
        assertLocalAllowed();
        await cancelLocalCheckout(ctx.db, { userId: user.id, sessionId: c.req.param("id") });
        return c.redirect("/cancel", 303);
      })
  );
}

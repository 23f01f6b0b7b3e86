// Long because Stripe is one conversation: checkout, portal, every signed webhook event, deletion and re-reading a
// subscription run against one fake Stripe API and share its fixtures.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { readOutbox, signUp, type SignedUpUser } from "./helpers/auth";
import { startFakeStripe, stripeSubscription, type FakeStripe, type FakeSubscriptionInput } from "./helpers/fake-stripe";
import type { TestClient } from "./helpers/http-client";

const WEBHOOK_SECRET = "whsec_test_x";
const WEBHOOK = "/api/billing/stripe/webhook";
const DAY_S = 24 * 60 * 60;
const stripeSdk = new Stripe("sk_test_x");

let fake: FakeStripe;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  app = await startTestApp({
    env: {
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: "price_m",
      STRIPE_PRICE_ANNUAL: "price_a",
      STRIPE_API_URL: fake.url,
    },
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const unique = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function event(type: string, object: unknown, id = unique("evt")) {
  return {
    id,
    object: "event",
    api_version: "2025-09-30.clover",
    created: nowSeconds(),
    livemode: false,
    type,
    data: { object },
  };
}

/** Delivers an event the way Stripe does: the raw JSON body, signed with the webhook secret, no cookies. */
async function deliver(body: unknown, options: { secret?: string; signature?: string | null; timestamp?: number } = {}) {
  const payload = typeof body === "string" ? body : JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? stripeSdk.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp,
        })
      : options.signature;
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "Stripe/1.0" };
  if (signature !== null) headers["stripe-signature"] = signature;
  return app.client({ origin: null }).request("POST", WEBHOOK, { body: payload, headers });
}

async function subscriptionOf(client: TestClient) {
  const response = await client.get("/api/subscription");
  expect(response.status).toBe(200);
  return response.json();
}

async function storedRow(userId: string) {
  const [row] = await app.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
  return row ?? null;
}

async function handledEvent(id: string) {
  return app.db.select().from(schema.billingEvents).where(eq(schema.billingEvents.id, id));
}

interface Customer {
  client: TestClient;
  user: SignedUpUser;
  sub: FakeSubscriptionInput;
}

/** A signed-up person and the Stripe subscription (trialing, in the fake) that their checkout would create. */
async function customer(overrides: Partial<FakeSubscriptionInput> = {}): Promise<Customer> {
  const client = app.client();
  const user = await signUp(client);
  const trialEnd = nowSeconds() + 14 * DAY_S;
  const sub: FakeSubscriptionInput = {
    id: unique("sub"),
    customer: unique("cus"),
    priceId: "price_m",
    status: "trialing",
    trialEnd,
    currentPeriodEnd: trialEnd,
    userId: user.id,
    planType: "premium_monthly",
    ...overrides,
  };
  fake.setSubscription(sub);
  return { client, user, sub };
}

function checkoutCompleted(c: Customer, id?: string) {
  return event(
    "checkout.session.completed",
    {
      id: unique("cs_test"),
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      client_reference_id: c.user.id,
      customer: c.sub.customer,
      subscription: c.sub.id,
      metadata: {},
    },
    id,
  );
}

async function subscribed(overrides: Partial<FakeSubscriptionInput> = {}) {
  const c = await customer(overrides);
  const response = await deliver(checkoutCompleted(c));
  expect(response.status, response.text).toBe(200);
  expect(response.json()).toEqual({ received: true, outcome: "handled" });
  return c;
}

describe("Stripe checkout and portal", () => {
  test("checkout creates a subscription session with the right price, trial and return URLs", async () => {
    const client = app.client();
    const user = await signUp(client);
    const before = fake.requestsTo("POST", "/v1/checkout/sessions").length;

    const response = await client.post("/api/subscription/checkout", { plan: "premium_annual" });
    expect(response.status, response.text).toBe(200);
    const sent = fake.requestsTo("POST", "/v1/checkout/sessions");
    expect(sent).toHaveLength(before + 1);
    const request = sent.at(-1)!;
    expect(response.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/cs_test_\d+$/) });

    expect(request.headers.authorization).toBe("Bearer sk_test_x");
    const form = request.form;
    expect(form.get("mode")).toBe("subscription");
    expect(form.get("line_items[0][price]")).toBe("price_a");
    expect(form.get("line_items[0][quantity]")).toBe("1");
    expect(form.get("subscription_data[trial_period_days]")).toBe("14");
    expect(form.get("client_reference_id")).toBe(user.id);
    expect(form.get("success_url")).toBe(`${app.url}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(form.get("success_url")!.endsWith("/success?session_id={CHECKOUT_SESSION_ID}")).toBe(true);
    expect(form.get("cancel_url")).toBe(`${app.url}/cancel`);
    expect(form.get("customer_email")).toBe(user.email);
    expect(form.get("customer")).toBeNull();
    expect(form.get("subscription_data[metadata][user_id]")).toBe(user.id);
    expect(form.get("subscription_data[metadata][plan_type]")).toBe("premium_annual");

    // Monthly uses the monthly price. No local test-checkout session is involved.
    expect((await client.post("/api/subscription/checkout", { plan: "premium_monthly" })).status).toBe(200);
    expect(fake.requestsTo("POST", "/v1/checkout/sessions").at(-1)!.form.get("line_items[0][price]")).toBe("price_m");
    expect(await app.db.select().from(schema.checkoutSessions).where(eq(schema.checkoutSessions.userId, user.id))).toEqual([]);
  });

  test("an unknown plan never reaches Stripe", async () => {
    const client = app.client();
    await signUp(client);
    const before = fake.requests.length;
    const response = await client.post("/api/subscription/checkout", { plan: "premium_lifetime" });
    expect(response.status).toBe(400);
    expect(response.json().error.message).toBe("plan: Choose Premium Monthly or Premium Annual");
    expect(fake.requests).toHaveLength(before);
  });

  test("the portal is refused before a Stripe customer exists and opens once one does", async () => {
    const c = await customer();
    const before = fake.requestsTo("POST", "/v1/billing_portal/sessions").length;
    const refused = await c.client.post("/api/subscription/portal");
    expect(refused.status).toBe(404);
    expect(refused.json().error.message).toBe("There is no billing account to manage yet.");
    expect(fake.requestsTo("POST", "/v1/billing_portal/sessions")).toHaveLength(before);

    expect((await deliver(checkoutCompleted(c))).json().outcome).toBe("handled");
    const portal = await c.client.post("/api/subscription/portal");
    expect(portal.status, portal.text).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session_\d+$/);
    const request = fake.requestsTo("POST", "/v1/billing_portal/sessions").at(-1)!;
    expect(request.form.get("customer")).toBe(c.sub.customer);
    expect(request.form.get("return_url")).toBe(`${app.url}/subscription`);
  });

  test("a Stripe subscription is cancelled in the portal, not on our cancel route", async () => {
    const c = await subscribed();
    const response = await c.client.post("/api/subscription/cancel");
    expect(response.status).toBe(400);
    expect(response.json().error.message).toBe("Manage this subscription from the billing portal.");
    expect((await storedRow(c.user.id))!.cancelAtPeriodEnd).toBe(false);
  });
});

describe("Stripe webhooks", () => {
  test("a missing, wrong or stale signature is refused with 400 and nothing changes", async () => {
    const c = await customer();
    const body = checkoutCompleted(c);
    const payload = JSON.stringify(body);

    const missing = await deliver(body, { signature: null });
    expect(missing.status).toBe(400);
    expect(missing.json().error.message).toBe("Missing Stripe-Signature header.");

    const wrongSecret = await deliver(body, { secret: "whsec_someone_else" });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.json().error.message).toBe("The webhook signature does not match.");

    const garbage = await deliver(body, { signature: "t=1,v1=deadbeef" });
    expect(garbage.status).toBe(400);

    // Signed for one body, sent with another.
    const signedOther = stripeSdk.webhooks.generateTestHeaderString({
      payload: payload.replace("}", ', "x": 1}'),
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(payload, { signature: signedOther })).status).toBe(400);

    // Correct secret, but signed an hour ago (a replay).
    const stale = await deliver(body, { timestamp: nowSeconds() - 3600 });
    expect(stale.status).toBe(400);
    expect(stale.json().error.message).toBe("The webhook signature does not match.");

    expect(await handledEvent(body.id)).toEqual([]);
    expect(await storedRow(c.user.id)).toBeNull();
    expect(await subscriptionOf(c.client)).toMatchObject({ plan_type: null, is_premium: false });
    expect(fake.requestsTo("GET", `/v1/subscriptions/${c.sub.id}`)).toEqual([]);
  });

  test("the subscription follows checkout, update, failed payment and deletion", async () => {
    const c = await customer();
    const completed = await deliver(checkoutCompleted(c));
    expect(completed.status).toBe(200);
    expect(completed.json()).toEqual({ received: true, outcome: "handled" });
    // The app fetched the subscription from Stripe rather than trusting the event.
    expect(fake.requestsTo("GET", `/v1/subscriptions/${c.sub.id}`)).toHaveLength(1);
    expect(await subscriptionOf(c.client)).toEqual({
      plan_type: "premium_monthly",
      status: "trialing",
      trial_end: iso(c.sub.trialEnd!),
      current_period_end: iso(c.sub.currentPeriodEnd),
      is_premium: true,
      cancel_at_period_end: false,
      provider: "stripe",
    });
    expect(await storedRow(c.user.id)).toMatchObject({
      providerCustomerId: c.sub.customer,
      providerSubscriptionId: c.sub.id,
    });

    // Already premium: no second checkout.
    expect((await c.client.post("/api/subscription/checkout", { plan: "premium_annual" })).status).toBe(409);

    // The trial converts.
    const periodEnd = nowSeconds() + 30 * DAY_S;
    const active = stripeSubscription({ ...c.sub, status: "active", trialEnd: nowSeconds() - 60, currentPeriodEnd: periodEnd });
    expect((await deliver(event("customer.subscription.updated", active))).json().outcome).toBe("handled");
    expect(await subscriptionOf(c.client)).toMatchObject({
      status: "active",
      current_period_end: iso(periodEnd),
      is_premium: true,
    });

    // A renewal payment fails.
    const invoice = {
      id: unique("in"),
      object: "invoice",
      customer: c.sub.customer,
      status: "open",
      parent: { type: "subscription_details", subscription_details: { subscription: c.sub.id, metadata: {} } },
    };
    expect((await deliver(event("invoice.payment_failed", invoice))).json().outcome).toBe("handled");
    expect(await subscriptionOf(c.client)).toMatchObject({ status: "past_due", is_premium: false });
    expect((await c.client.get("/api/usage")).json()).toMatchObject({ is_premium: false });

    // The person cancels in the portal, set to end at the period end: still premium until then.
    const ending = stripeSubscription({ ...c.sub, status: "active", currentPeriodEnd: periodEnd, cancelAtPeriodEnd: true });
    await deliver(event("customer.subscription.updated", ending));
    expect(await subscriptionOf(c.client)).toMatchObject({ status: "active", cancel_at_period_end: true, is_premium: true });

    // Stripe ends it.
    const deleted = stripeSubscription({ ...c.sub, status: "canceled", currentPeriodEnd: periodEnd });
    expect((await deliver(event("customer.subscription.deleted", deleted))).json().outcome).toBe("handled");
    expect(await subscriptionOf(c.client)).toMatchObject({ plan_type: "premium_monthly", status: "canceled", is_premium: false });

    // Coming back later reuses the Stripe customer rather than creating a new one.
    expect((await c.client.post("/api/subscription/checkout", { plan: "premium_monthly" })).status).toBe(200);
    const form = fake.requestsTo("POST", "/v1/checkout/sessions").at(-1)!.form;
    expect(form.get("customer")).toBe(c.sub.customer);
    expect(form.get("customer_email")).toBeNull();
  });

  test("the plan follows the Stripe price when the metadata does not name it", async () => {
    const c = await subscribed({ priceId: "price_a", planType: undefined });
    expect(await subscriptionOf(c.client)).toMatchObject({ plan_type: "premium_annual", status: "trialing" });
  });

  test("the same event delivered twice is handled once", async () => {
    const c = await subscribed();
    const activeEvent = event(
      "customer.subscription.updated",
      stripeSubscription({ ...c.sub, status: "active", trialEnd: nowSeconds() - 60 }),
    );
    const first = await deliver(activeEvent);
    expect(first.json()).toEqual({ received: true, outcome: "handled" });
    expect(await subscriptionOf(c.client)).toMatchObject({ status: "active" });

    const invoice = { id: unique("in"), object: "invoice", parent: { subscription_details: { subscription: c.sub.id } } };
    await deliver(event("invoice.payment_failed", invoice));
    expect(await subscriptionOf(c.client)).toMatchObject({ status: "past_due" });

    // Stripe redelivers the older event: it is recognised and changes nothing.
    const second = await deliver(activeEvent);
    expect(second.status).toBe(200);
    expect(second.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await subscriptionOf(c.client)).toMatchObject({ status: "past_due", is_premium: false });
    expect(await handledEvent(activeEvent.id)).toHaveLength(1);
  });

  test("a delivery that fails is not marked handled, so Stripe's retry applies it", async () => {
    const c = await customer();
    fake.subscriptions.delete(c.sub.id); // Stripe does not know it (yet): the fetch fails
    const completed = checkoutCompleted(c);
    const failed = await deliver(completed);
    expect(failed.status).toBe(500);
    expect(await handledEvent(completed.id)).toEqual([]);
    expect(await storedRow(c.user.id)).toBeNull();

    fake.setSubscription(c.sub);
    const retried = await deliver(completed);
    expect(retried.status).toBe(200);
    expect(retried.json()).toEqual({ received: true, outcome: "handled" });
    expect(await subscriptionOf(c.client)).toMatchObject({ status: "trialing", is_premium: true, provider: "stripe" });
  });

  test("trial_will_end sends the trial-ending mail", async () => {
    const c = await subscribed();
    const response = await deliver(event("customer.subscription.trial_will_end", stripeSubscription(c.sub)));
    expect(response.json()).toEqual({ received: true, outcome: "handled" });
    const mails = await readOutbox(app.db, c.user.email);
    const trialMails = mails.filter((m) => m.kind === "trial_ending");
    expect(trialMails).toHaveLength(1);
    const day = new Date(c.sub.trialEnd! * 1000).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(trialMails[0]).toMatchObject({ subject: "Your Shepherd Premium trial ends soon", error: null });
    expect(trialMails[0]!.text).toContain(`Your free trial of Shepherd Premium ends on ${day}.`);
    // The subscription itself is unchanged.
    expect(await subscriptionOf(c.client)).toMatchObject({ status: "trialing", is_premium: true });
  });

  test("trial_will_end for a subscription we do not know sends nothing", async () => {
    const c = await customer();
    const response = await deliver(event("customer.subscription.trial_will_end", stripeSubscription(c.sub)));
    expect(response.json()).toEqual({ received: true, outcome: "ignored" });
    expect((await readOutbox(app.db, c.user.email)).filter((m) => m.kind === "trial_ending")).toEqual([]);
  });

  test("events we do not handle are acknowledged and ignored", async () => {
    const response = await deliver(event("customer.created", { id: unique("cus"), object: "customer" }));
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: "ignored" });
  });
});

describe("deleting an account with Stripe", () => {
  test("cancels the running Stripe subscription so nobody is charged for a deleted account", async () => {
    const c = await subscribed();
    const deleted = await c.client.delete("/api/account", { confirm: "DELETE" });
    expect(deleted.status, deleted.text).toBe(200);
    expect(fake.requestsTo("DELETE", `/v1/subscriptions/${c.sub.id}`)).toHaveLength(1);
    expect(await storedRow(c.user.id)).toBeNull();
  });
});

describe("check-subscription with Stripe", () => {
  test("re-reads the subscription from Stripe and stores its current status", async () => {
    const c = await subscribed();
    const reads = () => fake.requestsTo("GET", `/v1/subscriptions/${c.sub.id}`).length;
    const before = reads();

    // Stripe moved on without us hearing (a lost webhook): the trial converted, then a payment failed.
    const periodEnd = nowSeconds() + 31 * DAY_S;
    fake.setSubscription({ ...c.sub, status: "past_due", trialEnd: nowSeconds() - DAY_S, currentPeriodEnd: periodEnd });
    const response = await c.client.post("/api/functions/check-subscription");
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({
      plan_type: "premium_monthly",
      status: "past_due",
      current_period_end: iso(periodEnd),
      is_premium: false,
      provider: "stripe",
    });
    expect(reads()).toBe(before + 1);
    expect(await storedRow(c.user.id)).toMatchObject({ status: "past_due", providerSubscriptionId: c.sub.id });

    // Paid again.
    fake.setSubscription({ ...c.sub, status: "active", trialEnd: nowSeconds() - DAY_S, currentPeriodEnd: periodEnd });
    expect((await c.client.post("/api/functions/check-subscription")).json()).toMatchObject({
      status: "active",
      is_premium: true,
    });
    expect(await subscriptionOf(c.client)).toMatchObject({ status: "active", is_premium: true });
  });

  test("without a Stripe subscription nothing is asked of Stripe", async () => {
    const client = app.client();
    await signUp(client);
    const before = fake.requests.length;
    const response = await client.post("/api/functions/check-subscription");
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ plan_type: null, is_premium: false });
    expect(fake.requests).toHaveLength(before);
  });
});

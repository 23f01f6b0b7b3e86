// Long because the local billing provider is one life cycle (the test checkout page, time passing over a trial and
// periods, cancel and resume over HTTP, the production refusal), sharing one app and its checkout helpers.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import {
  completeLocalCheckout,
  getSubscription,
  refreshLocalSubscription,
  setLocalCancelAtPeriodEnd,
} from "../src/modules/subscription/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECKOUT_URL = /^\/api\/billing\/test-checkout\/(cs_local_[0-9a-f]+)$/;
const FREE = {
  plan_type: null,
  status: null,
  trial_end: null,
  current_period_end: null,
  is_premium: false,
  cancel_at_period_end: false,
  provider: null,
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Starts a local checkout and returns its page URL and session id. */
async function openCheckout(client: TestClient, plan = "premium_monthly") {
  const response = await client.post("/api/subscription/checkout", { plan });
  expect(response.status, response.text).toBe(200);
  const { url } = response.json() as { url: string };
  const match = CHECKOUT_URL.exec(url);
  expect(match, `unexpected checkout url ${url}`).not.toBeNull();
  return { url, id: match![1]! };
}

async function subscriptionOf(client: TestClient) {
  const response = await client.get("/api/subscription");
  expect(response.status).toBe(200);
  return response.json();
}

async function sessionStatus(id: string) {
  const [row] = await app.db.select().from(schema.checkoutSessions).where(eq(schema.checkoutSessions.id, id));
  return row?.status;
}

describe("local test checkout", () => {
  test("a new account is on the free tier", async () => {
    const client = app.client();
    await signUp(client);
    expect(await subscriptionOf(client)).toEqual(FREE);
  });

  test("checkout opens a page that takes no money; completing it starts a 14-day trial", async () => {
    const client = app.client();
    const user = await signUp(client);
    const { url, id } = await openCheckout(client);
    expect(await sessionStatus(id)).toBe("open");

    const page = await client.get(url, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.text).toContain("No money is taken");
    expect(page.text).toContain("Premium Monthly");
    expect(page.text).toContain("$7.99 per month");
    expect(page.text).toContain("14-day free trial");
    expect(page.text).toContain(user.email);
    expect(page.text).toContain(`action="${url}/complete"`);
    expect(page.text).toContain(`action="${url}/cancel"`);
    expect(page.text).not.toContain("<script");

    const before = Date.now();
    const done = await client.post(`${url}/complete`);
    const after = Date.now();
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe("/success");

    const status = await subscriptionOf(client);
    expect(status).toMatchObject({
      plan_type: "premium_monthly",
      status: "trialing",
      is_premium: true,
      cancel_at_period_end: false,
      provider: "local",
    });
    const trialEnd = Date.parse(status.trial_end);
    expect(trialEnd).toBeGreaterThanOrEqual(before + 14 * DAY_MS - 1000);
    expect(trialEnd).toBeLessThanOrEqual(after + 14 * DAY_MS + 1000);
    expect(status.current_period_end).toBe(status.trial_end);
    expect(await sessionStatus(id)).toBe("complete");

    // The finished session's page says so and offers no buttons; completing it again is a conflict.
    const finished = await client.get(url);
    expect(finished.text).toContain("This checkout is already finished.");
    expect(finished.text).not.toContain("/complete");
    const again = await client.post(`${url}/complete`);
    expect(again.status).toBe(409);
    expect(again.json().error.message).toBe("This checkout is already finished.");
    expect(await subscriptionOf(client)).toEqual(status);
  });

  test("the annual plan is offered at its own price", async () => {
    const client = app.client();
    await signUp(client);
    const { url } = await openCheckout(client, "premium_annual");
    const page = await client.get(url);
    expect(page.text).toContain("Premium Annual");
    expect(page.text).toContain("$69.99 per year");
    expect((await client.post(`${url}/complete`)).status).toBe(303);
    expect(await subscriptionOf(client)).toMatchObject({ plan_type: "premium_annual", status: "trialing", is_premium: true });
  });

  test("canceling another open session goes back to /cancel and changes nothing", async () => {
    const client = app.client();
    await signUp(client);
    const first = await openCheckout(client);
    const second = await openCheckout(client);
    const third = await openCheckout(client, "premium_annual");

    // While free: the person stays free.
    const cancelled = await client.post(`${third.url}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.location).toBe("/cancel");
    expect(await subscriptionOf(client)).toEqual(FREE);
    expect(await sessionStatus(third.id)).toBe("canceled");

    // While premium: the trial stays exactly as it was.
    expect((await client.post(`${first.url}/complete`)).status).toBe(303);
    const premium = await subscriptionOf(client);
    const back = await client.post(`${second.url}/cancel`);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe("/cancel");
    expect(await subscriptionOf(client)).toEqual(premium);
    expect(await sessionStatus(second.id)).toBe("canceled");

    // A cancelled session can be neither cancelled again nor completed.
    expect((await client.post(`${second.url}/cancel`)).status).toBe(404);
    expect((await client.post(`${third.url}/complete`)).status).toBe(409);
    expect(await subscriptionOf(client)).toEqual(premium);
  });

  test("a second open session cannot be completed once the person is premium", async () => {
    const client = app.client();
    await signUp(client);
    const first = await openCheckout(client);
    const second = await openCheckout(client, "premium_annual");
    expect((await client.post(`${first.url}/complete`)).status).toBe(303);
    const premium = await subscriptionOf(client);

    const response = await client.post(`${second.url}/complete`);
    expect(response.status).toBe(409);
    expect(response.json().error.message).toBe("You are already a Premium member. Manage your plan from this page.");
    expect(await subscriptionOf(client)).toEqual(premium);
  });

  test("another person cannot open, complete or cancel my checkout session", async () => {
    const mine = app.client();
    await signUp(mine);
    const { url, id } = await openCheckout(mine);

    const other = app.client();
    await signUp(other);
    for (const response of [await other.get(url), await other.post(`${url}/complete`), await other.post(`${url}/cancel`)]) {
      expect(response.status).toBe(404);
    }
    expect((await other.post(`${url}/complete`)).json().error.message).toBe("That checkout was not found.");
    expect(await subscriptionOf(other)).toEqual(FREE);
    expect(await subscriptionOf(mine)).toEqual(FREE);
    expect(await sessionStatus(id)).toBe("open");

    // Signed out: asked to sign in.
    expect((await app.client().get(url)).status).toBe(401);
    expect((await app.client().post(`${url}/complete`)).status).toBe(401);

    // The session is still mine to complete.
    expect((await mine.post(`${url}/complete`)).status).toBe(303);
    expect(await subscriptionOf(mine)).toMatchObject({ is_premium: true });
  });

  test("completing from another site (no Origin) is refused and changes nothing", async () => {
    const client = app.client();
    await signUp(client);
    const { url, id } = await openCheckout(client);
    const forged = await client.post(`${url}/complete`, undefined, { origin: null });
    expect(forged.status).toBe(403);
    const evil = await client.post(`${url}/complete`, undefined, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(await subscriptionOf(client)).toEqual(FREE);
    expect(await sessionStatus(id)).toBe("open");
  });

  test("a second checkout when already premium is 409", async () => {
    const client = app.client();
    await signUp(client);
    const { url } = await openCheckout(client);
    await client.post(`${url}/complete`);
    const response = await client.post("/api/subscription/checkout", { plan: "premium_annual" });
    expect(response.status).toBe(409);
    expect(response.json().error).toMatchObject({
      code: "CONFLICT",
      message: "You are already a Premium member. Manage your plan from this page.",
    });
  });

  test("an unknown plan or unknown fields are refused with a clear message and no session is opened", async () => {
    const client = app.client();
    const user = await signUp(client);
    const unknownPlan = await client.post("/api/subscription/checkout", { plan: "premium_weekly" });
    expect(unknownPlan.status).toBe(400);
    expect(unknownPlan.json().error.message).toBe("plan: Choose Premium Monthly or Premium Annual");

    const noPlan = await client.post("/api/subscription/checkout", {});
    expect(noPlan.status).toBe(400);
    expect(noPlan.json().error.message).toBe("plan: Choose Premium Monthly or Premium Annual");

    const extra = await client.post("/api/subscription/checkout", { plan: "premium_monthly", coupon: "FREE" });
    expect(extra.status).toBe(400);
    expect(extra.json().error.message).toBe("Unknown field: coupon");

    const sessions = await app.db.select().from(schema.checkoutSessions).where(eq(schema.checkoutSessions.userId, user.id));
    expect(sessions).toEqual([]);
    expect(await subscriptionOf(client)).toEqual(FREE);
  });

  test("checkout needs a signed-in person", async () => {
    const response = await app.client().post("/api/subscription/checkout", { plan: "premium_monthly" });
    expect(response.status).toBe(401);
  });

  test("the local provider has no billing portal: management happens on the subscription page", async () => {
    const client = app.client();
    await signUp(client);
    const response = await client.post("/api/subscription/portal");
    expect(response.status).toBe(400);
    expect(response.json().error.message).toBe(
      "This subscription is managed on the subscription page: use Cancel or Resume there.",
    );
  });
});

describe("local subscription over time (service, explicit now)", () => {
  const T0 = new Date("2026-03-10T12:00:00.000Z");
  const at = (iso: string) => new Date(iso);

  async function trialStartedAt(now: Date, plan = "premium_monthly") {
    const client = app.client();
    const user = await signUp(client);
    const { id } = await openCheckout(client, plan);
    await completeLocalCheckout(app.db, { userId: user.id, sessionId: id, now });
    return user.id;
  }

  test("trialing, then active after the trial end, with the period rolling forward", async () => {
    const userId = await trialStartedAt(T0);
    const trialEnd = "2026-03-24T12:00:00.000Z";
    expect(await getSubscription(app.db, userId, T0)).toMatchObject({
      status: "trialing",
      trial_end: trialEnd,
      current_period_end: trialEnd,
      is_premium: true,
    });

    // A day before the trial ends nothing moves.
    await refreshLocalSubscription(app.db, { userId, now: at("2026-03-23T12:00:00.000Z") });
    expect(await getSubscription(app.db, userId, at("2026-03-23T12:00:00.000Z"))).toMatchObject({
      status: "trialing",
      current_period_end: trialEnd,
      is_premium: true,
    });

    // Just after: the first paid month starts at the trial end.
    const afterTrial = at("2026-03-24T12:00:01.000Z");
    await refreshLocalSubscription(app.db, { userId, now: afterTrial });
    expect(await getSubscription(app.db, userId, afterTrial)).toMatchObject({
      plan_type: "premium_monthly",
      status: "active",
      trial_end: trialEnd,
      current_period_end: "2026-04-24T12:00:00.000Z",
      is_premium: true,
      cancel_at_period_end: false,
    });

    // Months later (nobody looked in between): the period catches up in whole months.
    const later = at("2026-06-30T00:00:00.000Z");
    await refreshLocalSubscription(app.db, { userId, now: later });
    expect(await getSubscription(app.db, userId, later)).toMatchObject({
      status: "active",
      current_period_end: "2026-07-24T12:00:00.000Z",
      is_premium: true,
    });
  });

  test("an annual plan renews a year after the trial", async () => {
    const userId = await trialStartedAt(T0, "premium_annual");
    const afterTrial = at("2026-03-25T00:00:00.000Z");
    await refreshLocalSubscription(app.db, { userId, now: afterTrial });
    expect(await getSubscription(app.db, userId, afterTrial)).toMatchObject({
      status: "active",
      current_period_end: "2027-03-24T12:00:00.000Z",
    });
  });

  test("cancel: stays active until the period end, then canceled and no longer premium", async () => {
    const userId = await trialStartedAt(T0);
    await refreshLocalSubscription(app.db, { userId, now: at("2026-03-25T00:00:00.000Z") });
    await setLocalCancelAtPeriodEnd(app.db, { userId, cancel: true });

    const beforeEnd = at("2026-04-24T11:59:59.000Z");
    await refreshLocalSubscription(app.db, { userId, now: beforeEnd });
    expect(await getSubscription(app.db, userId, beforeEnd)).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      current_period_end: "2026-04-24T12:00:00.000Z",
      is_premium: true,
    });

    const afterEnd = at("2026-04-24T12:00:00.000Z");
    await refreshLocalSubscription(app.db, { userId, now: afterEnd });
    expect(await getSubscription(app.db, userId, afterEnd)).toMatchObject({
      status: "canceled",
      current_period_end: "2026-04-24T12:00:00.000Z",
      is_premium: false,
    });

    // Canceled is final: time passing changes nothing, and there is nothing left to cancel or resume.
    const muchLater = at("2026-09-01T00:00:00.000Z");
    await refreshLocalSubscription(app.db, { userId, now: muchLater });
    expect(await getSubscription(app.db, userId, muchLater)).toMatchObject({ status: "canceled", is_premium: false });
    await expect(setLocalCancelAtPeriodEnd(app.db, { userId, cancel: false })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "You have no active subscription to change.",
    });
  });

  test("cancel during the trial ends it at the trial end; resume before then keeps it going", async () => {
    const cancelled = await trialStartedAt(T0);
    await setLocalCancelAtPeriodEnd(app.db, { userId: cancelled, cancel: true });
    const afterTrial = at("2026-03-24T12:00:00.000Z");
    await refreshLocalSubscription(app.db, { userId: cancelled, now: afterTrial });
    expect(await getSubscription(app.db, cancelled, afterTrial)).toMatchObject({ status: "canceled", is_premium: false });

    const resumed = await trialStartedAt(T0);
    await setLocalCancelAtPeriodEnd(app.db, { userId: resumed, cancel: true });
    await setLocalCancelAtPeriodEnd(app.db, { userId: resumed, cancel: false });
    await refreshLocalSubscription(app.db, { userId: resumed, now: afterTrial });
    expect(await getSubscription(app.db, resumed, afterTrial)).toMatchObject({
      status: "active",
      cancel_at_period_end: false,
      current_period_end: "2026-04-24T12:00:00.000Z",
      is_premium: true,
    });
  });

  test("someone who already had a trial pays from the start when they come back", async () => {
    const client = app.client();
    const user = await signUp(client);
    const first = await openCheckout(client);
    await completeLocalCheckout(app.db, { userId: user.id, sessionId: first.id, now: T0 });
    await setLocalCancelAtPeriodEnd(app.db, { userId: user.id, cancel: true });
    await refreshLocalSubscription(app.db, { userId: user.id, now: at("2026-03-25T00:00:00.000Z") });
    expect(await subscriptionOf(client)).toMatchObject({ status: "canceled", is_premium: false });

    const second = await openCheckout(client);
    const back = at("2026-05-05T08:00:00.000Z");
    await completeLocalCheckout(app.db, { userId: user.id, sessionId: second.id, now: back });
    expect(await getSubscription(app.db, user.id, back)).toMatchObject({
      status: "active",
      trial_end: "2026-03-24T12:00:00.000Z",
      current_period_end: "2026-06-05T08:00:00.000Z",
      is_premium: true,
      cancel_at_period_end: false,
    });
  });
});

describe("check-subscription and cancel/resume over HTTP (local)", () => {
  async function premiumClient() {
    const client = app.client();
    const user = await signUp(client);
    const { url } = await openCheckout(client);
    expect((await client.post(`${url}/complete`)).status).toBe(303);
    return { client, user };
  }
  const setDates = (userId: string, values: { trialEnd?: Date; currentPeriodEnd?: Date }) =>
    app.db.update(schema.subscriptions).set(values).where(eq(schema.subscriptions.userId, userId));

  test("a free person's check is the free tier", async () => {
    const client = app.client();
    await signUp(client);
    const response = await client.post("/api/functions/check-subscription");
    expect(response.status).toBe(200);
    expect(response.json()).toEqual(FREE);
  });

  test("after the trial end the check makes the subscription active with a new period", async () => {
    const { client, user } = await premiumClient();
    // Nothing is due yet: the check changes nothing.
    const unchanged = await subscriptionOf(client);
    const early = await client.post("/api/functions/check-subscription");
    expect(early.json()).toEqual(unchanged);

    // The trial ended an hour ago.
    const ended = new Date(Date.now() - 60 * 60 * 1000);
    await setDates(user.id, { trialEnd: ended, currentPeriodEnd: ended });
    const response = await client.post("/api/functions/check-subscription");
    expect(response.status).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ plan_type: "premium_monthly", status: "active", is_premium: true });
    const next = new Date(ended);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(body.current_period_end).toBe(next.toISOString());
    expect(await subscriptionOf(client)).toEqual(body);
  });

  test("cancel keeps premium until the period end; the check after it shows canceled", async () => {
    const { client, user } = await premiumClient();
    const cancel = await client.post("/api/subscription/cancel");
    expect(cancel.status).toBe(200);
    expect(cancel.json()).toMatchObject({ status: "trialing", cancel_at_period_end: true, is_premium: true });
    expect((await client.post("/api/functions/check-subscription")).json()).toMatchObject({
      status: "trialing",
      is_premium: true,
    });

    const resume = await client.post("/api/subscription/resume");
    expect(resume.json()).toMatchObject({ cancel_at_period_end: false });
    await client.post("/api/subscription/cancel");

    const ended = new Date(Date.now() - 1000);
    await setDates(user.id, { trialEnd: ended, currentPeriodEnd: ended });
    const response = await client.post("/api/functions/check-subscription");
    expect(response.json()).toMatchObject({ status: "canceled", is_premium: false });
    expect(await subscriptionOf(client)).toMatchObject({ status: "canceled", is_premium: false });

    const resumeAfter = await client.post("/api/subscription/resume");
    expect(resumeAfter.status).toBe(404);
    expect(resumeAfter.json().error.message).toBe("You have no active subscription to change.");
  });

  test("cancel with no subscription is a clear 404", async () => {
    const client = app.client();
    await signUp(client);
    const response = await client.post("/api/subscription/cancel");
    expect(response.status).toBe(404);
    expect(response.json().error.message).toBe("You have no active subscription to change.");
  });
});

describe("the premium test (spec section 6)", () => {
  const cases: { plan: string; status: string; trialEndDays: number | null; premium: boolean }[] = [
    { plan: "premium_monthly", status: "active", trialEndDays: null, premium: true },
    { plan: "premium_annual", status: "trialing", trialEndDays: 5, premium: true },
    { plan: "premium_monthly", status: "trialing", trialEndDays: -1, premium: true },
    { plan: "premium_monthly", status: "past_due", trialEndDays: null, premium: false },
    { plan: "premium_monthly", status: "canceled", trialEndDays: null, premium: false },
    { plan: "premium_monthly", status: "incomplete", trialEndDays: 5, premium: false },
    { plan: "basic", status: "trialing", trialEndDays: 3, premium: true },
    { plan: "basic", status: "active", trialEndDays: 3, premium: true },
    { plan: "basic", status: "trialing", trialEndDays: -1, premium: false },
    { plan: "basic", status: "active", trialEndDays: null, premium: false },
  ];

  test.each(cases)("plan $plan, status $status, trial end in $trialEndDays days -> premium $premium", async (c) => {
    const client = app.client();
    const user = await signUp(client);
    await app.db.insert(schema.subscriptions).values({
      userId: user.id,
      planType: c.plan,
      status: c.status,
      trialEnd: c.trialEndDays === null ? null : new Date(Date.now() + c.trialEndDays * DAY_MS),
      currentPeriodEnd: new Date(Date.now() + 20 * DAY_MS),
      provider: "local",
    });
    expect(await subscriptionOf(client)).toMatchObject({ plan_type: c.plan, status: c.status, is_premium: c.premium });
  });
});

describe("local checkout in production", () => {
  let prod: TestApp;
  let allowed: TestApp;
  beforeAll(async () => {
    [prod, allowed] = await Promise.all([
      startTestApp({ env: { NODE_ENV: "production" } }),
      startTestApp({ env: { NODE_ENV: "production", BILLING_LOCAL_CHECKOUT: "true" } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([prod?.close(), allowed?.close()]);
  });

  test("is refused with a message naming BILLING_LOCAL_CHECKOUT", async () => {
    const client = prod.client();
    const user = await signUp(client);
    const response = await client.post("/api/subscription/checkout", { plan: "premium_monthly" });
    expect(response.status).toBe(403);
    expect(response.json().error.code).toBe("FORBIDDEN");
    expect(response.json().error.message).toContain("BILLING_LOCAL_CHECKOUT=true");
    expect(await prod.db.select().from(schema.checkoutSessions).where(eq(schema.checkoutSessions.userId, user.id))).toEqual([]);

    // A session left from before cannot be opened or completed either.
    await prod.db
      .insert(schema.checkoutSessions)
      .values({ id: "cs_local_left_over", userId: user.id, planType: "premium_monthly", provider: "local" });
    const page = await client.get("/api/billing/test-checkout/cs_local_left_over");
    expect(page.status).toBe(403);
    expect(page.json().error.message).toContain("BILLING_LOCAL_CHECKOUT");
    expect((await client.post("/api/billing/test-checkout/cs_local_left_over/complete")).status).toBe(403);
    expect(await subscriptionOf(client)).toEqual(FREE);
  });

  test("works again with BILLING_LOCAL_CHECKOUT=true", async () => {
    const client = allowed.client();
    await signUp(client);
    const response = await client.post("/api/subscription/checkout", { plan: "premium_monthly" });
    expect(response.status).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(CHECKOUT_URL);
    expect((await client.get(url)).text).toContain("No money is taken");
    const done = await client.post(`${url}/complete`);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe("/success");
    expect((await client.get("/api/subscription")).json()).toMatchObject({
      plan_type: "premium_monthly",
      status: "trialing",
      is_premium: true,
    });
  });
});

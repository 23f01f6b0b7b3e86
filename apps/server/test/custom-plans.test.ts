import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PREMIUM_ONLY_MESSAGE, type CreatedPlan, type MyPlans, type PlanDetail } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { QUEUES } from "../src/jobs/queue";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson, newPremiumPerson } from "./helpers/auth";
import { waitUntil } from "./helpers/built-server";
import { brief, expectDistinctPassages, modelDay, requestedDay, waitForPlan, writesPlanDays } from "./helpers/custom-plans";
import { chatCompletion, startFakeOpenAi, type FakeOpenAi } from "./helpers/fake-openai";
import type { TestClient } from "./helpers/http-client";

/**
 * A member's own plan (issue 13): made in the wizard (Premium only), written in the background by a pg-boss job
 * through the AI provider (the offline composer, or a model on an OpenAI-compatible server on loopback), retried, and
 * marked failed with Try again when it cannot be written.
 */

const { plans, planDays, aiUsage } = schema;

let app: TestApp;
beforeAll(async () => {
  // Failed steps retry after about a second here (five by default), so a plan that fails every retry fails in seconds.
  app = await startTestApp({ env: { JOB_RETRY_DELAY_SECONDS: "1" } });
});
afterAll(async () => {
  await app?.close();
});

async function create(client: TestClient, body: unknown = brief()): Promise<CreatedPlan> {
  const res = await client.post("/api/path/custom-plans", body);
  expect(res.status, res.text).toBe(201);
  return res.json();
}

async function daysOf(planId: string) {
  return app.db.select().from(planDays).where(eq(planDays.planId, planId)).orderBy(asc(planDays.dayNumber));
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("who may make a plan", () => {
  test("a free member is refused with the spec's message, and nothing is made", async () => {
    const { client, id } = await newPerson(app);
    const res = await client.post("/api/path/custom-plans", brief());
    expect(res.status).toBe(403);
    expect(res.json().error).toMatchObject({ code: "PREMIUM_REQUIRED", message: PREMIUM_ONLY_MESSAGE });
    expect(await app.db.select().from(plans).where(eq(plans.ownerId, id))).toEqual([]);
  });

  test("a brief that is not whole is a 400 saying what to fix", async () => {
    const { client } = await newPremiumPerson(app);
    const cases: Array<[unknown, string]> = [
      [brief({ themes: [] }), "Choose at least one thing to grow in"],
      [brief({ days: 31 }), "A plan has at most 30 days"],
      [brief({ days: 2 }), "A plan has at least 3 days"],
      [brief({ goal: "pray" }), "Say your goal in a sentence (at least 10 characters)"],
      [{ ...brief(), season: "astronaut" }, "Choose the season you are in"],
      [{ ...brief(), minutes_per_day: 7 }, "Choose 5, 10, 15, 20 minutes a day"],
      [{ ...brief(), favourite_colour: "blue" }, ""],
    ];
    for (const [body, message] of cases) {
      const res = await client.post("/api/path/custom-plans", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });
});

describe("writing a plan with the offline composer", () => {
  test("answers at once; the job writes every day, then the plan is ready and his to follow", async () => {
    const { client, id } = await newPremiumPerson(app);
    const created = await create(client, brief({ days: 14 }));
    expect(created.title).toBe("14 Days for Marriage and Prayer Life");

    const state = await waitForPlan(client, created.plan_id);
    expect(state).toMatchObject({ status: "ready", written: 14, total: 14, error: null });
    expect(state.first_day_id).toEqual(expect.any(String));

    const days = await daysOf(created.plan_id);
    expect(days.map((d) => d.dayNumber)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expectDistinctPassages(days.map((d) => d.passages));
    expect(new Set(days.map((d) => d.title)).size).toBe(14);
    for (const day of days) {
      expect(words(day.reading)).toBeLessThanOrEqual(400);
      expect(day.passages.length + day.citedReferences.length).toBeLessThanOrEqual(8);
      // Reflective: his day's question and one for his season.
      expect(day.questions).toHaveLength(2);
      expect(day.challenge.length).toBeGreaterThan(10);
      expect(day.prayer.length).toBeGreaterThan(10);
    }

    const mine: MyPlans = (await client.get("/api/path")).json();
    expect(mine.own).toEqual([
      expect.objectContaining({ id: created.plan_id, status: "ready", source: "custom", day_count: 14, generation: null }),
    ]);
    const follow = await client.post(`/api/path/plans/${created.plan_id}/follow`, {});
    expect(follow.status, follow.text).toBe(201);
    const plan: PlanDetail = follow.json();
    expect(plan.days).toHaveLength(14);
    expect(plan.enrollment).toMatchObject({ status: "active", unlocked: 1 });
    const day1 = await client.get(`/api/path/plans/${created.plan_id}/days/1`);
    expect(day1.status).toBe(200);

    // The call was counted once; the composer spends no tokens.
    const usage = await app.db.select().from(aiUsage).where(eq(aiUsage.userId, id));
    expect(usage).toEqual([expect.objectContaining({ featureType: "custom_plan", tokensUsed: 0 })]);
  });

  test("short and direct without a challenge: one question a day and no challenge", async () => {
    const { client } = await newPremiumPerson(app);
    const created = await create(client, brief({ themes: ["work"], style: "short", challenge: false, days: 5 }));
    await waitForPlan(client, created.plan_id);
    const days = await daysOf(created.plan_id);
    expect(days).toHaveLength(5);
    for (const day of days) {
      expect(day.questions).toHaveLength(1);
      expect(day.challenge).toBe("");
    }
  });

  test("the longest plan (30 days of one theme) still reads no passage twice", async () => {
    const { client } = await newPremiumPerson(app);
    const created = await create(client, brief({ themes: ["work"], days: 30, style: "study" }));
    await waitForPlan(client, created.plan_id);
    const days = await daysOf(created.plan_id);
    expect(days).toHaveLength(30);
    expectDistinctPassages(days.map((d) => d.passages));
  });

  test("another member cannot see, poll or retry my plan", async () => {
    const { client } = await newPremiumPerson(app);
    const created = await create(client, brief({ days: 3 }));
    await waitForPlan(client, created.plan_id);
    const other = await newPremiumPerson(app);
    for (const path of [`/api/path/plans/${created.plan_id}`, `/api/path/plans/${created.plan_id}/generation`]) {
      expect((await other.client.get(path)).status, path).toBe(404);
    }
    expect((await other.client.post(`/api/path/plans/${created.plan_id}/generation/retry`)).status).toBe(404);
    expect((await other.client.post(`/api/path/plans/${created.plan_id}/follow`, {})).status).toBe(404);
    expect(((await other.client.get("/api/path")).json() as MyPlans).own).toEqual([]);
  });
});

describe("a plan whose writing fails", () => {
  test("fails every retry, is marked failed on /path, and Try again finishes it from where it stopped", async () => {
    const { client, id } = await newPremiumPerson(app);
    // A plan whose brief cannot be read (as a bad deploy might leave it): every step of its job throws.
    const [row] = await app.db
      .insert(plans)
      .values({
        source: "custom",
        ownerId: id,
        theme: "prayer",
        title: "5 Days for Prayer Life",
        promise: "5 days toward your goal",
        description: "Written for you",
        minutesPerDay: 10,
        status: "generating",
        brief: { ...brief({ themes: ["prayer"], days: 5 }), days: "five" },
      })
      .returning({ id: plans.id });
    await app.ctx.jobs.send(QUEUES.planGeneration, { planId: row!.id });

    const failed = await waitForPlan(client, row!.id, 90_000);
    expect(failed).toMatchObject({ status: "failed", written: 0, total: 0, first_day_id: null });
    expect(failed.error).toBe("We could not finish writing this plan.");
    const mine: MyPlans = (await client.get("/api/path")).json();
    expect(mine.own[0]).toMatchObject({ id: row!.id, status: "failed", generation: { error: failed.error } });
    expect((await client.post(`/api/path/plans/${row!.id}/follow`, {})).status).toBe(409);

    // The brief is mended; Try again writes the plan.
    await app.db
      .update(plans)
      .set({ brief: brief({ themes: ["prayer"], days: 5 }) })
      .where(eq(plans.id, row!.id));
    const retried = await client.post(`/api/path/plans/${row!.id}/generation/retry`);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json()).toMatchObject({ status: "generating", error: null });
    expect((await client.post(`/api/path/plans/${row!.id}/generation/retry`)).status).toBeOneOf([409, 200]);
    const ready = await waitForPlan(client, row!.id);
    expect(ready).toMatchObject({ status: "ready", written: 5, total: 5 });
    expect(await daysOf(row!.id)).toHaveLength(5);
    const again = await client.post(`/api/path/plans/${row!.id}/generation/retry`);
    expect(again.status).toBe(409);
    expect(again.json().error.message).toBe("This plan is written already.");
  }, 120_000);
});

describe("writing a plan with a model (OpenAI-compatible server on loopback)", () => {
  let fake: FakeOpenAi;
  let modelApp: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    modelApp = await startTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "sk-test-plan", AI_MODEL: "fake-model" } });
  });
  afterAll(async () => {
    await modelApp?.close();
    await fake?.close();
  });

  test("a failing answer is asked again; a day that fails twice is the composer's; tokens go to ai_usage", async () => {
    const asked = new Map<number, number>();
    fake.reply((request) => {
      const day = requestedDay(request);
      if (day === null) return { status: 500, json: { error: { type: "server_error" } } };
      const attempt = (asked.get(day) ?? 0) + 1;
      asked.set(day, attempt);
      // Day 2 is never right; every other day is right the second time.
      if (day === 2 || attempt === 1) return { json: chatCompletion("this is not JSON", 100) };
      return { json: chatCompletion(modelDay(day), 321) };
    });
    const { client, id } = await newPremiumPerson(modelApp);
    const careWords = "some days I want to kill myself";
    const res = await client.post("/api/path/custom-plans", brief({ days: 3, hard_now: careWords }));
    expect(res.status, res.text).toBe(201);
    const created: CreatedPlan = res.json();
    const state = await waitForPlan(client, created.plan_id);
    expect(state.status).toBe("ready");

    const days = await modelApp.db
      .select()
      .from(planDays)
      .where(eq(planDays.planId, created.plan_id))
      .orderBy(asc(planDays.dayNumber));
    expect(days.map((d) => d.title)).toEqual(["Model day 1", expect.not.stringMatching(/^Model day/), "Model day 3"]);
    expectDistinctPassages(days.map((d) => d.passages));
    expect(asked.get(1)).toBe(2);
    expect(asked.get(2)).toBe(2);
    expect(asked.get(3)).toBe(2);

    // Words that need care are never sent to the model.
    const sent = fake.requests.map((r) => JSON.stringify(r.json));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.some((body) => body.includes("kill myself"))).toBe(false);
    expect(sent.every((body) => !body.includes(careWords))).toBe(true);

    // Days 1 and 3: 100 + 321 each; day 2: 100 + 100. One row for the call, and the tokens of the days as they are saved.
    const rows = await modelApp.db.select().from(aiUsage).where(eq(aiUsage.userId, id));
    expect(rows.every((r) => r.featureType === "custom_plan")).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.tokensUsed, 0)).toBe(421 + 200 + 421);
    const [month] = await modelApp.db
      .select({ total: sql<number>`sum(${schema.monthlyUsageLimits.totalTokensUsed})`.mapWith(Number) })
      .from(schema.monthlyUsageLimits)
      .where(eq(schema.monthlyUsageLimits.userId, id));
    expect(month!.total).toBe(1042);
  });

  test("while it is written, his plan shows how far it got", async () => {
    // Half a second a day: the days written are saved about every second, so the progress moves while he waits.
    fake.reply(writesPlanDays({ delayMs: 500 }));
    const { client } = await newPremiumPerson(modelApp);
    const created: CreatedPlan = (await client.post("/api/path/custom-plans", brief({ days: 6 }))).json();
    let seen: MyPlans | undefined;
    await waitUntil(async () => {
      seen = (await client.get("/api/path")).json();
      const written = seen!.own[0]?.generation?.written ?? 0;
      return written >= 1 && written < 6;
    }, "a day or more written, but not all");
    expect(seen!.own[0]).toMatchObject({ id: created.plan_id, status: "generating", day_count: 0, generation: { total: 6 } });
    const plan: PlanDetail = (await client.get(`/api/path/plans/${created.plan_id}`)).json();
    expect(plan).toMatchObject({ status: "generating", days: [] });
    expect((await client.get(`/api/path/plans/${created.plan_id}/generation`)).json()).toMatchObject({
      status: "generating",
      first_day_id: null,
    });
    expect((await client.post(`/api/path/plans/${created.plan_id}/follow`, {})).status).toBe(409);
    await waitForPlan(client, created.plan_id);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  PREMIUM_ONLY_MESSAGE,
  type BuilderDay,
  type BuilderPlan,
  type MyPlans,
  type PlanDetail,
  type PlanSummary,
} from "@shepherd/shared";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson, newPremiumPerson } from "./helpers/auth";
import { brief, waitForPlan } from "./helpers/custom-plans";
import type { TestClient } from "./helpers/http-client";

/** The plan builder (issue 13): start, shape, save as draft, publish, and follow a hand-made plan. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

function day(n: number, over: Partial<BuilderDay> = {}): BuilderDay {
  return {
    title: `Walking in the light, day ${n}`,
    passages: [["1 John 1:5-7", "Psalm 119:105", "John 8:12"][(n - 1) % 3]!],
    references: [],
    reading: "Light shows the way home. Take one step in it today, and then the next one.",
    questions: ["Where do you need light today?"],
    challenge: "Turn off the screen an hour early and pray before sleep.",
    prayer: "Lord, be my light today and lead me home. Amen.",
    ...over,
  };
}

function planBody(days: BuilderDay[], over: Record<string, unknown> = {}) {
  return {
    title: "Walking in the Light",
    promise: "Three days to walk in God's light at home",
    description: "A short plan I made for the dark weeks of winter.",
    theme: "prayer",
    minutes_per_day: 10,
    days,
    ...over,
  };
}

async function start(client: TestClient, body: unknown = { from: "scratch" }): Promise<BuilderPlan> {
  const res = await client.post("/api/path/builder", body);
  expect(res.status, res.text).toBe(201);
  return res.json();
}

async function save(client: TestClient, planId: string, body: unknown) {
  return client.put(`/api/path/builder/${planId}`, body);
}

describe("who may build", () => {
  test("a free member is refused with the spec's message", async () => {
    const { client } = await newPerson(app);
    const res = await client.post("/api/path/builder", { from: "scratch" });
    expect(res.status).toBe(403);
    expect(res.json().error).toMatchObject({ code: "PREMIUM_REQUIRED", message: PREMIUM_ONLY_MESSAGE });
  });

  test("another member's plan is not there for me: not opened, saved, published, copied or deleted", async () => {
    const owner = await newPremiumPerson(app);
    const draft = await start(owner.client);
    const other = await newPremiumPerson(app);
    expect((await other.client.get(`/api/path/builder/${draft.id}`)).status).toBe(404);
    expect((await save(other.client, draft.id, planBody([day(1)]))).status).toBe(404);
    expect((await other.client.post(`/api/path/builder/${draft.id}/publish`)).status).toBe(404);
    expect((await other.client.post("/api/path/builder", { from: "plan", plan_id: draft.id })).status).toBe(404);
    expect((await other.client.delete(`/api/path/plans/${draft.id}`)).status).toBe(404);
    expect((await other.client.get(`/api/path/plans/${draft.id}`)).status).toBe(404);
  });
});

describe("a plan from scratch", () => {
  test("a blank day to start; saved as a draft half-done; published when whole; then followed", async () => {
    const { client } = await newPremiumPerson(app);
    const draft = await start(client);
    expect(draft).toMatchObject({ status: "draft", unpublished_changes: false, days: [expect.objectContaining({ title: "" })] });

    // Half-done is fine for a draft; it is his, listed with his plans, and cannot be followed yet.
    const halfDone = [day(1), day(2, { passages: [], reading: "" }), day(3, { questions: [], prayer: "" })];
    const saved = await save(client, draft.id, planBody(halfDone));
    expect(saved.status, saved.text).toBe(200);
    expect((saved.json() as BuilderPlan).days).toHaveLength(3);
    const mine: MyPlans = (await client.get("/api/path")).json();
    expect(mine.own[0]).toMatchObject({ id: draft.id, status: "draft", title: "Walking in the Light", day_count: 0 });
    const follow = await client.post(`/api/path/plans/${draft.id}/follow`, {});
    expect(follow.status).toBe(409);
    expect(follow.json().error.message).toBe("Publish this plan in the builder to start it.");

    // Publishing asks for every part of every day, naming each gap.
    const early = await client.post(`/api/path/builder/${draft.id}/publish`);
    expect(early.status).toBe(400);
    expect(early.json().error.issues).toEqual([
      "days.1.passages: Day 2 needs a passage.",
      "days.1.reading: Day 2 needs its reading.",
      "days.2.questions: Day 3 needs a question.",
      "days.2.prayer: Day 3 needs a prayer.",
    ]);

    expect((await save(client, draft.id, planBody([day(1), day(2), day(3)]))).status).toBe(200);
    const published = await client.post(`/api/path/builder/${draft.id}/publish`);
    expect(published.status, published.text).toBe(200);
    expect(published.json()).toMatchObject({ status: "ready", unpublished_changes: false });

    const plan: PlanDetail = (await client.post(`/api/path/plans/${draft.id}/follow`, {})).json();
    expect(plan).toMatchObject({ status: "ready", day_count: 3, source: "custom" });
    expect(plan.days.map((d) => d.title)).toEqual([day(1).title, day(2).title, day(3).title]);
    const day1 = (await client.get(`/api/path/plans/${draft.id}/days/1`)).json();
    expect(day1).toMatchObject({ title: day(1).title, reading: day(1).reading, challenge: day(1).challenge });
    expect(day1.passages[0].reference).toBe("1 John 1:5-7");
  });

  test("a reference that is not in the Bible is refused with what is wrong, and the saved draft is as it was", async () => {
    const { client } = await newPremiumPerson(app);
    const draft = await start(client);
    expect((await save(client, draft.id, planBody([day(1)]))).status).toBe(200);
    const bad = await save(client, draft.id, planBody([day(1), day(2, { passages: ["Hezekiah 3:1"] })]));
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toMatch(/^Day 2: "Hezekiah 3:1" is not a passage we can find\./);
    expect(bad.json().error.issues[0]).toMatch(/^days\.1\.passages\.0: /);
    const tooFar = await save(client, draft.id, planBody([day(1, { references: ["Psalm 23:9"] })]));
    expect(tooFar.status).toBe(400);
    expect(tooFar.json().error.message).toContain("Psalm 23 has 6 verses.");
    const now: BuilderPlan = (await client.get(`/api/path/builder/${draft.id}`)).json();
    expect(now.days).toEqual([day(1)]);
  });

  test("the limits of a day and a plan are 400s a person can act on", async () => {
    const { client } = await newPremiumPerson(app);
    const draft = await start(client);
    const cases: Array<[unknown, string]> = [
      [planBody([day(1, { reading: "word ".repeat(401) })]), "Keep the reading to 400 words"],
      [planBody(Array.from({ length: 31 }, (_, i) => day(i + 1))), "A plan has at most 30 days"],
      [planBody([]), "A plan has at least one day"],
      [planBody([day(1, { questions: ["One?", "Two?", "Three?"] })]), "A day has one or two questions"],
      [planBody([day(1)], { title: "" }), "Give your plan a title"],
      [planBody([day(1, { passages: ["John 1:1", "John 1:2", "John 1:3", "John 1:4"] })]), "A day has at most three passages"],
    ];
    for (const [body, message] of cases) {
      const res = await save(client, draft.id, body);
      expect(res.status, message).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });
});

describe("starting from a plan", () => {
  test("a starter plan is copied into a draft of mine; the starter plan is untouched", async () => {
    const { client } = await newPremiumPerson(app);
    const library: PlanSummary[] = (await client.get("/api/path/plans")).json();
    const starter = library[0]!;
    const copy = await start(client, { from: "plan", plan_id: starter.id });
    expect(copy).toMatchObject({ status: "draft", title: `${starter.title} (my copy)`.slice(0, 70), theme: starter.theme });
    expect(copy.days).toHaveLength(starter.day_count);
    const edited = copy.days.map((d, i) => (i === 0 ? { ...d, title: "My own first day" } : d));
    expect((await save(client, copy.id, planBody(edited, { title: "My copy" }))).status).toBe(200);
    const original: PlanDetail = (await client.get(`/api/path/plans/${starter.id}`)).json();
    expect(original.days[0]!.title).not.toBe("My own first day");
    expect((await client.post(`/api/path/builder/${copy.id}/publish`)).status).toBe(200);
  });

  test("my generated plan is shaped in place: followers read the published days until I publish again", async () => {
    const { client } = await newPremiumPerson(app);
    const created = (await client.post("/api/path/custom-plans", brief({ days: 4 }))).json();
    await waitForPlan(client, created.plan_id);
    await client.post(`/api/path/plans/${created.plan_id}/follow`, {});
    expect((await client.post(`/api/path/plans/${created.plan_id}/days/1/complete`)).status).toBe(200);

    const opened: BuilderPlan = (await client.get(`/api/path/builder/${created.plan_id}`)).json();
    expect(opened).toMatchObject({ status: "ready", unpublished_changes: false });
    expect(opened.days).toHaveLength(4);
    const firstTitle = opened.days[0]!.title;
    // Rename day 1 and drop the last day, then save: nothing changes for a follower yet.
    const changed = opened.days.slice(0, 3).map((d, i) => (i === 0 ? { ...d, title: "Begin here" } : d));
    const body = planBody(changed, { title: "My shaped plan", promise: "Three days, shaped by me" });
    const saved: BuilderPlan = (await save(client, created.plan_id, body)).json();
    expect(saved.unpublished_changes).toBe(true);
    let plan: PlanDetail = (await client.get(`/api/path/plans/${created.plan_id}`)).json();
    expect(plan.days).toHaveLength(4);
    expect(plan.days[0]!.title).toBe(firstTitle);

    expect((await client.post(`/api/path/builder/${created.plan_id}/publish`)).status).toBe(200);
    plan = (await client.get(`/api/path/plans/${created.plan_id}`)).json();
    expect(plan.days.map((d) => d.title)[0]).toBe("Begin here");
    expect(plan.days).toHaveLength(3);
    // Day 1 kept its place, so it is still done.
    expect(plan.days[0]!.completed).toBe(true);
    expect(plan.enrollment).toMatchObject({ completed_count: 1 });

    // Discard: unpublished changes go; the published days stay.
    await save(client, created.plan_id, planBody(changed.slice(0, 1), { title: "Changed my mind" }));
    const discarded: BuilderPlan = (await client.post(`/api/path/builder/${created.plan_id}/discard`)).json();
    expect(discarded.unpublished_changes).toBe(false);
    expect(discarded.days).toHaveLength(3);
  });
});

describe("deleting", () => {
  test("a draft I made can be deleted", async () => {
    const { client } = await newPremiumPerson(app);
    const draft = await start(client);
    expect((await client.delete(`/api/path/plans/${draft.id}`)).status).toBe(200);
    expect((await client.get(`/api/path/builder/${draft.id}`)).status).toBe(404);
    expect(((await client.get("/api/path")).json() as MyPlans).own).toEqual([]);
  });

  test("a starter plan is not mine to delete", async () => {
    const { client } = await newPremiumPerson(app);
    const library: PlanSummary[] = (await client.get("/api/path/plans")).json();
    expect((await client.delete(`/api/path/plans/${library[0]!.id}`)).status).toBe(404);
  });
});

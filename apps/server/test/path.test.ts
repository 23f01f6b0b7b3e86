import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addDays, type MyPlans, type PlanDay, type PlanDetail, type PlanSummary } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { setTimeZone, userDay } from "../src/modules/devotional/service";
import { changeSchedule, completeDay, followPlan } from "../src/modules/path/following";
import { getPlan, myPlans } from "../src/modules/path/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";

/** The Path (issue 12): the library, following a plan, its schedule, its days, and whose rows are whose. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const person = () => newPerson(app);

async function library(client: Awaited<ReturnType<typeof person>>["client"], query = ""): Promise<PlanSummary[]> {
  const res = await client.get(`/api/path/plans${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json();
}

/** The shortest plan of the library: finishing it takes the fewest days. */
async function shortestPlan(): Promise<PlanSummary> {
  const { client } = await person();
  const plans = await library(client);
  return [...plans].sort((a, b) => a.day_count - b.day_count)[0]!;
}

describe("the library", () => {
  test("every starter plan, recommended first by focus and current topics, with its promise and length", async () => {
    const { client } = await person();
    expect((await client.patch("/api/profile", { focus: ["prayer"], current_topics: ["consistent_prayer"] })).status).toBe(200);
    const plans = await library(client);
    expect(plans.length).toBeGreaterThanOrEqual(2);
    expect(plans[0]).toMatchObject({ theme: "prayer", source: "starter", enrollment: null });
    for (const plan of plans) {
      expect(plan.title.length).toBeGreaterThan(0);
      expect(plan.promise.length).toBeGreaterThan(0);
      expect(plan.day_count).toBeGreaterThanOrEqual(3);
      expect(plan.minutes_per_day).toBeGreaterThan(0);
    }
    const prayerOnly = await library(client, "?theme=prayer");
    expect(prayerOnly.every((p) => p.theme === "prayer")).toBe(true);
    const short = await library(client, "?length=short");
    expect(short.every((p) => p.day_count <= 7)).toBe(true);
  });

  test("onboarding offers three plans for the focus just chosen", async () => {
    const { client } = await person();
    await client.patch("/api/profile", { focus: ["marriage", "prayer"], current_topics: [] });
    const res = await client.get("/api/path/onboarding-plans");
    expect(res.status).toBe(200);
    const choices: PlanSummary[] = res.json();
    expect(choices).toHaveLength(3);
    expect(["marriage", "prayer"]).toContain(choices[0]!.theme);
    expect(new Set(choices.map((c) => c.id)).size).toBe(3);
  });

  test("bad filters are a 400 that says what is allowed", async () => {
    const { client } = await person();
    expect((await client.get("/api/path/plans?theme=golf")).json().error.message).toMatch(/theme must be one of the eight/);
    expect((await client.get("/api/path/plans?length=epic")).json().error.message).toMatch(
      /length must be short, medium or long/,
    );
    expect((await client.get("/api/path/plans?sort=new")).status).toBe(400);
  });
});

describe("following a plan", () => {
  test("day 1 opens today; the plan is in My plans with day 1 of n; the next days are locked until their date", async () => {
    const { client } = await person();
    const [plan] = await library(client);
    const followed = await client.post(`/api/path/plans/${plan!.id}/follow`, {});
    expect(followed.status, followed.text).toBe(201);
    const detail: PlanDetail = followed.json();
    expect(detail.enrollment).toMatchObject({ status: "active", unlocked: 1, next_day: 1, behind: 0, percent: 0 });
    expect(detail.days).toHaveLength(plan!.day_count);
    expect(detail.days[0]).toMatchObject({ day_number: 1, open: true, completed: false, opens_on: null });
    expect(detail.days[1]).toMatchObject({ day_number: 2, open: false, opens_on: addDays(detail.enrollment!.start_date, 1) });

    const mine: MyPlans = (await client.get("/api/path")).json();
    expect(mine.active).toHaveLength(1);
    expect(mine.active[0]).toMatchObject({ id: plan!.id, next_day_title: detail.days[0]!.title, done_today: null });
    expect(mine.completed).toEqual([]);

    const again = await client.post(`/api/path/plans/${plan!.id}/follow`, {});
    expect(again.status).toBe(409);
    expect(again.json().error.message).toBe("You're already following this plan.");

    const locked = await client.get(`/api/path/plans/${plan!.id}/days/2`);
    expect(locked.status).toBe(403);
    expect(locked.json().error.message).toBe(`Day 2 opens on ${detail.days[1]!.opens_on}. Come back then.`);
    const early = await client.post(`/api/path/plans/${plan!.id}/days/2/complete`);
    expect(early.status).toBe(409);
  });

  test("a day's page: its passages as text, reading, questions, challenge, prayer; marking it complete moves the bar", async () => {
    const { client } = await person();
    const [plan] = await library(client);
    await client.post(`/api/path/plans/${plan!.id}/follow`, {});
    const res = await client.get(`/api/path/plans/${plan!.id}/days/1`);
    expect(res.status, res.text).toBe(200);
    const day: PlanDay = res.json();
    expect(day).toMatchObject({
      plan_id: plan!.id,
      day_number: 1,
      day_count: plan!.day_count,
      completed: false,
      translation: "web",
    });
    expect(day.passages.length).toBeGreaterThanOrEqual(1);
    expect(day.passages[0]!.verses[0]!.text.length).toBeGreaterThan(0);
    expect(day.reading.length).toBeGreaterThan(100);
    expect(day.questions[0]).toMatch(/\?$/);
    expect(day.challenge.length).toBeGreaterThan(0);
    expect(day.prayer.length).toBeGreaterThan(0);
    expect(day.journal_entry).toBeNull();

    const kjv: PlanDay = (await client.get(`/api/path/plans/${plan!.id}/days/1?translation=kjv`)).json();
    expect(kjv.translation).toBe("kjv");
    expect(kjv.passages[0]!.verses[0]!.text).not.toBe(day.passages[0]!.verses[0]!.text);

    const done = await client.post(`/api/path/plans/${plan!.id}/days/1/complete`);
    expect(done.status, done.text).toBe(200);
    expect(done.json().finished_now).toBe(false);
    expect(done.json().plan.enrollment).toMatchObject({ completed_count: 1, next_day: null });
    expect(done.json().plan.enrollment.percent).toBe(Math.round(100 / plan!.day_count));
    const twice = await client.post(`/api/path/plans/${plan!.id}/days/1/complete`);
    expect(twice.json().plan.enrollment.completed_count).toBe(1);
    const mine: MyPlans = (await client.get("/api/path")).json();
    expect(mine.active[0]).toMatchObject({ done_today: 1 });

    const undone = await client.delete(`/api/path/plans/${plan!.id}/days/1/complete`);
    expect(undone.json().enrollment.completed_count).toBe(0);
  });

  test("a journal entry written from a day is kept with the day and in the journal", async () => {
    const { client } = await person();
    const [plan] = await library(client);
    await client.post(`/api/path/plans/${plan!.id}/follow`, {});
    const short = await client.post(`/api/path/plans/${plan!.id}/days/1/journal`, { content: "Too short" });
    expect(short.status).toBe(400);
    expect(short.json().error.message).toBe("Journal entry must be at least 10 characters");
    const written = await client.post(`/api/path/plans/${plan!.id}/days/1/journal`, {
      content: "I prayed for her on the drive home tonight.",
    });
    expect(written.status, written.text).toBe(201);
    const { entry } = written.json();
    const day: PlanDay = (await client.get(`/api/path/plans/${plan!.id}/days/1`)).json();
    expect(entry.plan_day_id).toBe(day.id);
    expect(day.journal_entry).toMatchObject({ id: entry.id, content: "I prayed for her on the drive home tonight." });
    expect(entry.devotional_title).toBe(`${day.title} (${plan!.title}, day 1)`);
    const journal = (await client.get("/api/journal")).json();
    expect(journal.entries[0].id).toBe(entry.id);
  });

  test("someone who does not follow a plan may read day 1 as a preview, not the others", async () => {
    const { client } = await person();
    const [plan] = await library(client);
    expect((await client.get(`/api/path/plans/${plan!.id}/days/1`)).status).toBe(200);
    const later = await client.get(`/api/path/plans/${plan!.id}/days/2`);
    expect(later.status).toBe(403);
    expect(later.json().error.message).toBe("Start this plan to read day 2.");
    expect((await client.get(`/api/path/plans/${plan!.id}/days/99`)).status).toBe(404);
  });

  test("a start date: today or up to 60 days ahead, never in the past", async () => {
    const { client, id } = await person();
    const [plan] = await library(client);
    const { date: today } = await userDay(app.db, id);
    const past = await client.post(`/api/path/plans/${plan!.id}/follow`, { start_date: addDays(today, -1) });
    expect(past.status).toBe(400);
    expect(past.json().error.message).toBe("A plan starts today or on a day to come, not in the past.");
    const far = await client.post(`/api/path/plans/${plan!.id}/follow`, { start_date: addDays(today, 61) });
    expect(far.json().error.message).toBe("Choose a start within the next 60 days.");
    expect((await client.post(`/api/path/plans/${plan!.id}/follow`, { start_date: "2026-02-30" })).status).toBe(400);
    expect((await client.post(`/api/path/plans/${plan!.id}/follow`, { start_date: "soon" })).status).toBe(400);
    const later = await client.post(`/api/path/plans/${plan!.id}/follow`, { start_date: addDays(today, 3) });
    expect(later.status).toBe(201);
    expect(later.json().enrollment).toMatchObject({ unlocked: 0, next_day: null });
    expect((await client.get(`/api/path/plans/${plan!.id}/days/1`)).json().error.message).toBe(
      `Day 1 opens on ${addDays(today, 3)}. Come back then.`,
    );
  });
});

describe("the schedule over days (his own time zone)", () => {
  const at = (date: string) => new Date(`${date}T15:00:00Z`);

  test("behind: Catch up by doing the missed days, or Reset schedule so the next day is today's", async () => {
    const { id } = await person();
    const plan = (await getPlanByLength(5))!;
    await followPlan(app.db, { userId: id, planId: plan.id, now: at("2026-05-01") });
    await completeDay(app.db, { userId: id, planId: plan.id, dayNumber: 1, now: at("2026-05-01") });
    const behind = await getPlan(app.db, { userId: id, planId: plan.id, now: at("2026-05-04") });
    expect(behind.enrollment).toMatchObject({ unlocked: 4, next_day: 2, behind: 2 });
    // Catch up: several open days in one day.
    await completeDay(app.db, { userId: id, planId: plan.id, dayNumber: 2, now: at("2026-05-04") });
    await completeDay(app.db, { userId: id, planId: plan.id, dayNumber: 3, now: at("2026-05-04") });
    expect((await getPlan(app.db, { userId: id, planId: plan.id, now: at("2026-05-04") })).enrollment).toMatchObject({
      next_day: 4,
      behind: 0,
    });
    // Fall behind again, then reset: day 4 becomes today's.
    const reset = await changeSchedule(app.db, { userId: id, planId: plan.id, change: "reset", now: at("2026-05-09") });
    expect(reset.enrollment).toMatchObject({ start_date: "2026-05-06", unlocked: 4, next_day: 4, behind: 0 });
  });

  test("pause freezes the days; resume picks up where he stopped; restart begins again today", async () => {
    const { id } = await person();
    const plan = (await getPlanByLength(5))!;
    await followPlan(app.db, { userId: id, planId: plan.id, now: at("2026-06-01") });
    await completeDay(app.db, { userId: id, planId: plan.id, dayNumber: 1, now: at("2026-06-01") });
    await changeSchedule(app.db, { userId: id, planId: plan.id, change: "pause", now: at("2026-06-02") });
    const paused = await getPlan(app.db, { userId: id, planId: plan.id, now: at("2026-06-20") });
    expect(paused.enrollment).toMatchObject({ status: "paused", unlocked: 2 });
    await expect(completeDay(app.db, { userId: id, planId: plan.id, dayNumber: 2, now: at("2026-06-20") })).rejects.toThrow(
      "This plan is paused. Resume it to mark days complete.",
    );
    const resumed = await changeSchedule(app.db, { userId: id, planId: plan.id, change: "resume", now: at("2026-06-20") });
    expect(resumed.enrollment).toMatchObject({ status: "active", start_date: "2026-06-19", unlocked: 2, next_day: 2 });
    const restarted = await changeSchedule(app.db, { userId: id, planId: plan.id, change: "restart", now: at("2026-06-21") });
    expect(restarted.enrollment).toMatchObject({ start_date: "2026-06-21", unlocked: 1, next_day: 1, completed_count: 0 });
  });

  test("finishing: the last day completes the plan, it moves to Completed, and following it again starts afresh", async () => {
    const { id, client } = await person();
    const plan = await shortestPlan();
    const start = "2026-07-01";
    await followPlan(app.db, { userId: id, planId: plan.id, now: at(start) });
    let last;
    for (let day = 1; day <= plan.day_count; day++) {
      last = await completeDay(app.db, { userId: id, planId: plan.id, dayNumber: day, now: at(addDays(start, day - 1)) });
      expect(last.finished_now).toBe(day === plan.day_count);
    }
    expect(last!.plan.enrollment).toMatchObject({ status: "completed", percent: 100 });
    const mine = await myPlans(app.db, { userId: id });
    expect(mine.active).toEqual([]);
    expect(mine.completed.map((p) => p.id)).toEqual([plan.id]);
    const again = await client.post(`/api/path/plans/${plan.id}/follow`, {});
    expect(again.status).toBe(201);
    expect(again.json().enrollment).toMatchObject({ status: "active", completed_count: 0, unlocked: 1 });
  });

  test("days open by his own calendar: at the same instant, Chicago is still on day 1 when Berlin has day 2", async () => {
    const plan = (await getPlanByLength(5))!;
    const chicago = await person();
    const berlin = await person();
    await setTimeZone(app.db, { userId: chicago.id, timeZone: "America/Chicago" });
    await setTimeZone(app.db, { userId: berlin.id, timeZone: "Europe/Berlin" });
    await followPlan(app.db, { userId: chicago.id, planId: plan.id, now: new Date("2026-08-01T18:00:00Z") });
    await followPlan(app.db, { userId: berlin.id, planId: plan.id, now: new Date("2026-08-01T18:00:00Z") });
    const instant = new Date("2026-08-02T03:30:00Z");
    expect((await getPlan(app.db, { userId: chicago.id, planId: plan.id, now: instant })).enrollment!.unlocked).toBe(1);
    expect((await getPlan(app.db, { userId: berlin.id, planId: plan.id, now: instant })).enrollment!.unlocked).toBe(2);
  });
});

/** A starter plan of at least this many days (the schedule tests need room). */
async function getPlanByLength(min: number): Promise<PlanSummary | undefined> {
  const { client } = await person();
  return (await library(client)).find((p) => p.day_count >= min);
}

describe("whose rows are whose", () => {
  test("every route answers 401 signed out", async () => {
    const anonymous = app.client();
    const planId = "00000000-0000-4000-8000-000000000000";
    const routes: Array<[string, string]> = [
      ["GET", "/api/path"],
      ["GET", "/api/path/plans"],
      ["GET", "/api/path/onboarding-plans"],
      ["GET", `/api/path/plans/${planId}`],
      ["POST", `/api/path/plans/${planId}/follow`],
      ["DELETE", `/api/path/plans/${planId}/follow`],
      ["POST", `/api/path/plans/${planId}/pause`],
      ["POST", `/api/path/plans/${planId}/resume`],
      ["POST", `/api/path/plans/${planId}/restart`],
      ["POST", `/api/path/plans/${planId}/reset-schedule`],
      ["GET", `/api/path/plans/${planId}/days/1`],
      ["POST", `/api/path/plans/${planId}/days/1/complete`],
      ["DELETE", `/api/path/plans/${planId}/days/1/complete`],
      ["POST", `/api/path/plans/${planId}/days/1/journal`],
      ["POST", `/api/path/plans/${planId}/days/1/audio`],
    ];
    for (const [method, path] of routes) {
      const res = await anonymous.request(method, path, method === "GET" || method === "DELETE" ? {} : { json: {} });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  test("another member's progress is his own: not readable, not changeable (404), and his own plan is not visible", async () => {
    const a = await person();
    const b = await person();
    const [plan] = await library(a.client);
    await a.client.post(`/api/path/plans/${plan!.id}/follow`, {});
    await a.client.post(`/api/path/plans/${plan!.id}/days/1/complete`);
    expect((await b.client.get(`/api/path/plans/${plan!.id}`)).json().enrollment).toBeNull();
    expect((await b.client.get("/api/path")).json()).toEqual({ active: [], completed: [], own: [] });
    for (const [method, path] of [
      ["POST", `/api/path/plans/${plan!.id}/days/1/complete`],
      ["DELETE", `/api/path/plans/${plan!.id}/days/1/complete`],
      ["POST", `/api/path/plans/${plan!.id}/pause`],
      ["DELETE", `/api/path/plans/${plan!.id}/follow`],
    ] as const) {
      const res = await b.client.request(method, path, method === "POST" ? { json: {} } : {});
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json().error.message).toBe("You are not following that plan.");
    }
    expect((await a.client.get("/api/path")).json().active[0].enrollment.completed_count).toBe(1);

    const [own] = await app.db
      .insert(schema.plans)
      .values({
        source: "custom",
        ownerId: a.id,
        theme: "marriage",
        title: "A's own plan",
        promise: "Mine",
        description: "Made by A",
        minutesPerDay: 10,
      })
      .returning({ id: schema.plans.id });
    expect((await a.client.get(`/api/path/plans/${own!.id}`)).status).toBe(200);
    const hidden = await b.client.get(`/api/path/plans/${own!.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.json().error.message).toBe("That plan was not found.");
    expect((await b.client.post(`/api/path/plans/${own!.id}/follow`, {})).status).toBe(404);
  });

  test("leaving a plan takes it and its progress off My plans", async () => {
    const { client, id } = await person();
    const [plan] = await library(client);
    await client.post(`/api/path/plans/${plan!.id}/follow`, {});
    await client.post(`/api/path/plans/${plan!.id}/days/1/complete`);
    const left = await client.delete(`/api/path/plans/${plan!.id}/follow`);
    expect(left.json()).toEqual({ left: true });
    expect((await client.get("/api/path")).json().active).toEqual([]);
    expect(await app.db.select().from(schema.planDayCompletions).where(eq(schema.planDayCompletions.userId, id))).toEqual([]);
    expect((await client.delete(`/api/path/plans/${plan!.id}/follow`)).status).toBe(404);
  });

  test("plans and progress are in the data export and go with the account", async () => {
    const { client, id } = await person();
    const [plan] = await library(client);
    await client.post(`/api/path/plans/${plan!.id}/follow`, {});
    await client.post(`/api/path/plans/${plan!.id}/days/1/complete`);
    const data = (await client.get("/api/account/export")).json();
    expect(data.plans_followed).toEqual([expect.objectContaining({ plan: plan!.title, status: "active" })]);
    expect(data.plan_days_completed).toEqual([expect.objectContaining({ plan: plan!.title, day: 1 })]);
    expect((await client.request("DELETE", "/api/account", { json: { confirm: "DELETE" } })).status).toBe(200);
    expect(await app.db.select().from(schema.planEnrollments).where(eq(schema.planEnrollments.userId, id))).toEqual([]);
  });

  test("bad input: unknown fields, a day 0, a translation we do not ship", async () => {
    const { client } = await person();
    const [plan] = await library(client);
    expect((await client.post(`/api/path/plans/${plan!.id}/follow`, { start: "today" })).status).toBe(400);
    expect((await client.get(`/api/path/plans/${plan!.id}/days/0`)).status).toBe(404);
    expect((await client.get(`/api/path/plans/${plan!.id}/days/1?translation=niv`)).json().error.message).toMatch(
      /translation must be web or kjv/,
    );
    expect((await client.get("/api/path/plans/not-a-uuid")).status).toBe(404);
    expect((await client.post(`/api/path/plans/${plan!.id}/days/1/journal`, { content: 5 })).status).toBe(400);
  });
});

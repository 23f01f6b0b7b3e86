import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Comment, MyPlans, NotificationList, PlanDetail, PlanGroup, PlanGroupSummary, PlanSummary } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { brother, flockOf, join, type Brother } from "./helpers/community";
import { brief, waitForPlan } from "./helpers/custom-plans";

/** Plans followed with the flock (issue 13): progress seen only within the group, each day's discussion, leaving. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function starterPlan(client: Brother["client"]): Promise<PlanSummary> {
  const plans: PlanSummary[] = (await client.get("/api/path/plans")).json();
  return [...plans].sort((a, b) => a.day_count - b.day_count)[0]!;
}

/** A flock of three (Andrew its shepherd, Barnabas and Cornelius), and an outsider. */
async function flockOfThree() {
  const [a, b, c, outsider] = await Promise.all([
    brother(app, "Andrew"),
    brother(app, "Barnabas"),
    brother(app, "Cornelius"),
    brother(app, "Demas"),
  ]);
  const flock = await flockOf(a);
  await join(a, flock.id, b);
  await join(a, flock.id, c);
  return { a, b, c, outsider, flock };
}

async function startWith(starter: Brother, planId: string, body: Record<string, unknown>): Promise<PlanGroup> {
  const res = await starter.client.post(`/api/path/plans/${planId}/together`, body);
  expect(res.status, res.text).toBe(201);
  return res.json();
}

describe("starting a plan with the flock", () => {
  test("the starter is in and follows it; the others he chose are invited, and join to follow it", async () => {
    const { a, b, c, flock } = await flockOfThree();
    const plan = await starterPlan(a.client);
    const group = await startWith(a, plan.id, { flock_id: flock.id, member_ids: [b.id] });
    expect(group).toMatchObject({ plan: { id: plan.id, title: plan.title }, flock: { id: flock.id }, my_status: "joined" });
    expect(group.members.map((m) => [m.person.id, m.status])).toEqual([
      [a.id, "joined"],
      [b.id, "invited"],
    ]);
    // Andrew follows the plan now.
    expect(((await a.client.get("/api/path")).json() as MyPlans).active.map((p) => p.id)).toContain(plan.id);

    // Barnabas sees the invitation, and joins; Cornelius was not chosen and sees nothing.
    const invited: PlanGroupSummary[] = (await b.client.get("/api/path/together")).json();
    expect(invited).toEqual([expect.objectContaining({ id: group.id, my_status: "invited", joined_count: 1 })]);
    expect((await c.client.get("/api/path/together")).json()).toEqual([]);
    expect((await c.client.get(`/api/path/together/${group.id}`)).status).toBe(404);
    const joined: PlanGroup = (await b.client.post(`/api/path/together/${group.id}/join`)).json();
    expect(joined.my_status).toBe("joined");
    expect(((await b.client.get("/api/path")).json() as MyPlans).active.map((p) => p.id)).toContain(plan.id);

    // Starting again with the whole flock adds Cornelius to the same group.
    const again = await startWith(a, plan.id, { flock_id: flock.id });
    expect(again.id).toBe(group.id);
    expect(again.members.map((m) => m.person.id).sort()).toEqual([a.id, b.id, c.id].sort());
  });

  test("each sees the others' days done; nobody outside the group sees them", async () => {
    const { a, b, c, outsider, flock } = await flockOfThree();
    const plan = await starterPlan(a.client);
    const group = await startWith(a, plan.id, { flock_id: flock.id, member_ids: [b.id] });
    await b.client.post(`/api/path/together/${group.id}/join`);
    expect((await b.client.post(`/api/path/plans/${plan.id}/days/1/complete`)).status).toBe(200);

    const seenByA: PlanGroup = (await a.client.get(`/api/path/together/${group.id}`)).json();
    const barnabas = seenByA.members.find((m) => m.person.id === b.id)!;
    expect(barnabas).toMatchObject({ status: "joined", completed_days: [1], next_day: 2, is_me: false });
    expect(seenByA.members.find((m) => m.person.id === a.id)).toMatchObject({ completed_days: [], next_day: 1, is_me: true });

    // A flock member not in the group, and an outsider, see nothing of it.
    for (const stranger of [c, outsider]) {
      expect((await stranger.client.get(`/api/path/together/${group.id}`)).status).toBe(404);
      expect((await stranger.client.get(`/api/path/together/${group.id}/days/1/comments`)).status).toBe(404);
      expect((await stranger.client.post(`/api/path/together/${group.id}/join`)).status).toBe(404);
    }
    // An outsider cannot start a plan with a flock he is not in, nor invite strangers into one.
    expect((await outsider.client.post(`/api/path/plans/${plan.id}/together`, { flock_id: flock.id })).status).toBe(404);
    const strangers = await a.client.post(`/api/path/plans/${plan.id}/together`, {
      flock_id: flock.id,
      member_ids: [outsider.id],
    });
    expect(strangers.status).toBe(400);
    expect(strangers.json().error.message).toBe("Choose people who are in this flock.");
  });

  test("a member's own plan can be followed together: the group sees it, others still do not", async () => {
    const { a, b, outsider, flock } = await flockOfThree();
    await app.db.insert(schema.subscriptions).values({
      userId: a.id,
      planType: "premium_monthly",
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 86_400_000 * 20),
      provider: "local",
    });
    const created = (await a.client.post("/api/path/custom-plans", brief({ days: 3 }))).json();
    await waitForPlan(a.client, created.plan_id);
    expect((await b.client.get(`/api/path/plans/${created.plan_id}`)).status).toBe(404);
    const group = await startWith(a, created.plan_id, { flock_id: flock.id, member_ids: [b.id] });
    const seen: PlanDetail = (await b.client.get(`/api/path/plans/${created.plan_id}`)).json();
    expect(seen.days).toHaveLength(3);
    expect((await b.client.post(`/api/path/together/${group.id}/join`)).status).toBe(200);
    expect((await outsider.client.get(`/api/path/plans/${created.plan_id}`)).status).toBe(404);
    // Andrew may not delete a plan his brothers follow with him.
    const deleted = await a.client.delete(`/api/path/plans/${created.plan_id}`);
    expect(deleted.status).toBe(409);
  });
});

describe("each day's discussion", () => {
  test("members talk about a day; an @mention notifies a member of the group, and leads to that day", async () => {
    const { a, b, c, flock } = await flockOfThree();
    const plan = await starterPlan(a.client);
    const group = await startWith(a, plan.id, { flock_id: flock.id, member_ids: [b.id] });
    await b.client.post(`/api/path/together/${group.id}/join`);

    const posted = await b.client.post(`/api/path/together/${group.id}/days/2/comments`, {
      body: `@${a.username} that challenge hit home. @${c.username} you would like this one.`,
    });
    expect(posted.status, posted.text).toBe(201);
    const comment: Comment = posted.json();
    const thread: Comment[] = (await a.client.get(`/api/path/together/${group.id}/days/2/comments`)).json();
    expect(thread.map((t) => t.body)).toEqual([comment.body]);
    expect(((await a.client.get(`/api/path/together/${group.id}`)).json() as PlanGroup).discussions).toEqual([
      { day_number: 2, comment_count: 1 },
    ]);

    // Andrew (in the group) is notified, with a link to day 2 of the plan; Cornelius (not in the group) is not.
    const forA: NotificationList = (await a.client.get("/api/notifications")).json();
    expect(forA.items[0]).toMatchObject({
      type: "mention_plan_day",
      link: `/path/${plan.id}?day=2&together=${group.id}`,
      mentioner: { id: b.id },
    });
    const forC: NotificationList = (await c.client.get("/api/notifications")).json();
    expect(forC.items.filter((n) => n.type === "mention_plan_day")).toEqual([]);

    // Only the author edits or deletes; the thread is the one comment mechanism's.
    expect((await a.client.patch(`/api/path/day-comments/${comment.id}`, { body: "mine now" })).status).toBe(403);
    expect((await b.client.patch(`/api/path/day-comments/${comment.id}`, { body: "Edited: that challenge." })).status).toBe(200);
    expect((await b.client.delete(`/api/path/day-comments/${comment.id}`)).status).toBe(200);
    expect((await a.client.get(`/api/path/together/${group.id}/days/2/comments`)).json()).toEqual([]);
    // A day the plan does not have has no discussion.
    expect((await a.client.get(`/api/path/together/${group.id}/days/${plan.day_count + 1}/comments`)).status).toBe(404);
  });
});

describe("leaving", () => {
  test("leaving the flock leaves its shared plan, not the plan's own progress", async () => {
    const { a, b, flock } = await flockOfThree();
    const plan = await starterPlan(a.client);
    const group = await startWith(a, plan.id, { flock_id: flock.id, member_ids: [b.id] });
    await b.client.post(`/api/path/together/${group.id}/join`);
    await b.client.post(`/api/path/plans/${plan.id}/days/1/complete`);

    expect((await b.client.post(`/api/flocks/${flock.id}/leave`)).status).toBe(200);
    expect((await b.client.get("/api/path/together")).json()).toEqual([]);
    expect((await b.client.get(`/api/path/together/${group.id}`)).status).toBe(404);
    const seenByA: PlanGroup = (await a.client.get(`/api/path/together/${group.id}`)).json();
    expect(seenByA.members.map((m) => m.person.id)).toEqual([a.id]);
    // His own progress in the plan is his still.
    const mine: PlanDetail = (await b.client.get(`/api/path/plans/${plan.id}`)).json();
    expect(mine.enrollment).toMatchObject({ status: "active", completed_count: 1 });
  });

  test("stepping out of the group keeps the plan followed; the last one out ends the group", async () => {
    const { a, b, flock } = await flockOfThree();
    const plan = await starterPlan(a.client);
    const group = await startWith(a, plan.id, { flock_id: flock.id, member_ids: [b.id] });
    // Barnabas declines the invitation.
    expect((await b.client.delete(`/api/path/together/${group.id}/membership`)).status).toBe(200);
    expect((await a.client.delete(`/api/path/together/${group.id}/membership`)).status).toBe(200);
    expect((await a.client.get(`/api/path/together/${group.id}`)).status).toBe(404);
    expect(((await a.client.get("/api/path")).json() as MyPlans).active.map((p) => p.id)).toContain(plan.id);
  });
});

import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type {
  AdminAuditEntry,
  AdminChurn,
  AdminFeatures,
  AdminPage,
  AdminInactiveRow,
  AdminCancellationRow,
  AdminSupportInbox,
  AdminSupportReply,
  AdminSupportThread,
} from "@shepherd/shared/admin";
import { SUPPORT_REQUESTS_PER_DAY, type SupportRequest } from "@shepherd/shared/support";
import { addDays, weekStartOf } from "@shepherd/shared/dates";
import { monthKey } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { setAdmin } from "../src/modules/admin/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp, uniqueEmail } from "./helpers/auth";
import { brother } from "./helpers/community";
import type { TestClient } from "./helpers/http-client";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp";

/** Admin Support, Churn, Features and Reports' hide / restore / ban, against rows seeded into the database. */

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function newAdmin(app: TestApp): Promise<{ client: TestClient; id: string; email: string }> {
  const client = app.client();
  const user = await signUp(client, { name: "Admin Person" });
  await setAdmin(app.db, user.email, true);
  await app.ctx.sessions.sync(); // what this process kept of his session hears the change
  return { client, id: user.id, email: user.email };
}

async function seedUser(app: TestApp, createdAt: Date, name = "Seeded Member") {
  const id = randomUUID();
  const email = uniqueEmail("seeded");
  await app.db.insert(schema.users).values({ id, name, email, createdAt });
  await app.db.insert(schema.profiles).values({ id });
  return { id, email };
}

describe("admin Support", () => {
  let app: TestApp;
  let smtp: SmtpSink;
  let admin: Awaited<ReturnType<typeof newAdmin>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({ env: { SMTP_URL: smtp.url } });
    admin = await newAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  test("a member files a request; the admin replies by mail, the member reads it in his thread and writes back", async () => {
    const client = app.client();
    const member = await signUp(client, { name: "Member Who Asks" });
    const created = await client.post("/api/support/requests", {
      subject: "Audio will not play",
      body: "The Listen button spins and nothing plays.",
    });
    expect(created.status, created.text).toBe(201);
    const request = created.json() as SupportRequest;
    expect(request).toMatchObject({ subject: "Audio will not play", status: "open" });
    expect(request.messages).toHaveLength(1);

    expect((await client.get("/api/admin/support")).status).toBe(403);
    const inbox = (await admin.client.get("/api/admin/support?status=open")).json() as AdminSupportInbox;
    expect(inbox.counts.open).toBe(1);
    expect(inbox.items[0]).toMatchObject({ id: request.id, email: member.email, messages: 1, status: "open" });

    const reply = await admin.client.post(`/api/admin/support/${request.id}/reply`, {
      body: "Thank you for writing. Please try again now: it should play.",
    });
    expect(reply.status, reply.text).toBe(200);
    const answered = reply.json() as AdminSupportReply;
    expect(answered.mailed).toBe(true);
    expect(answered.thread.request.status).toBe("waiting");
    expect(answered.thread.messages.map((m) => m.from_admin)).toEqual([false, true]);
    expect(answered.thread.audit[0]).toMatchObject({ action: "support.reply", actor_email: admin.email });

    const mail = await smtp.waitFor(member.email);
    expect(mail.subject).toBe("Re: Audio will not play");
    expect(mail.text).toContain("Please try again now: it should play.");
    expect(mail.text).toContain("/settings#support");

    const mine = (await client.get("/api/support/requests")).json() as SupportRequest[];
    expect(mine[0]!.status).toBe("waiting");
    expect(mine[0]!.messages[1]).toMatchObject({ from_admin: true, author: "Shepherd support" });

    const back = await client.post(`/api/support/requests/${request.id}/messages`, { body: "It plays now, thank you." });
    expect(back.status, back.text).toBe(201);
    expect((back.json() as SupportRequest).status).toBe("open");

    const closed = await admin.client.post(`/api/admin/support/${request.id}/status`, { status: "closed" });
    const thread = closed.json() as AdminSupportThread;
    expect(thread.request.status).toBe("closed");
    expect(thread.audit.map((a: AdminAuditEntry) => a.action)).toEqual(["support.status", "support.reply"]);
    expect(thread.audit[0]!.details).toMatchObject({ previous_status: "open", status: "closed" });

    // Another member can neither read nor write into his thread.
    const stranger = app.client();
    await signUp(stranger, { name: "Stranger" });
    expect((await stranger.get("/api/support/requests")).json()).toEqual([]);
    expect((await stranger.post(`/api/support/requests/${request.id}/messages`, { body: "Hi" })).status).toBe(404);

    const csv = await admin.client.get("/api/admin/support?format=csv");
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.text).toContain("Audio will not play");
  });

  test("input is checked (subject, length, NUL) and a member may open only a few requests a day", async () => {
    const client = app.client();
    await signUp(client, { name: "Busy Member" });
    const bad = [
      { subject: "", body: "Hello there" },
      { subject: "Hi", body: "Too short a subject" },
      { subject: "Fine subject", body: "" },
      { subject: "Fine subject", body: "x".repeat(5001) },
      { subject: "Nul \u0000 here", body: "Hello" },
      { subject: "Fine subject", body: "Hello", extra: 1 },
    ];
    for (const body of bad) expect((await client.post("/api/support/requests", body)).status).toBe(400);
    for (let i = 0; i < SUPPORT_REQUESTS_PER_DAY; i++) {
      const res = await client.post("/api/support/requests", { subject: `Question ${i + 1}`, body: "A question." });
      expect(res.status, res.text).toBe(201);
    }
    const refused = await client.post("/api/support/requests", { subject: "One more", body: "Again." });
    expect(refused.status).toBe(429);
  });

  test("his requests are in his data export and go with his account", async () => {
    const client = app.client();
    const member = await signUp(client, { name: "Leaving Member" });
    const { id } = (await client.post("/api/support/requests", { subject: "Delete me", body: "Please." })).json();
    await admin.client.post(`/api/admin/support/${id}/reply`, { body: "Done from Settings.", status: "closed" });
    const exported = (await client.get("/api/account/export")).json();
    expect(exported.support_requests).toHaveLength(1);
    expect(exported.support_requests[0]).toMatchObject({ subject: "Delete me", status: "closed" });
    expect(exported.support_requests[0].messages.map((m: { body: string }) => m.body)).toEqual([
      "Please.",
      "Done from Settings.",
    ]);

    expect((await client.delete("/api/account", { confirm: "DELETE" })).status).toBe(200);
    const left = await app.db.select().from(schema.supportRequests).where(eq(schema.supportRequests.userId, member.id));
    expect(left).toEqual([]);
    expect(await app.db.select().from(schema.supportMessages).where(eq(schema.supportMessages.requestId, id))).toEqual([]);
  });
});

describe("admin Churn", () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof newAdmin>>;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await newAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  test("inactive members by 7 / 14 / 30 days, as a table and CSV", async () => {
    const before = (await admin.client.get("/api/admin/churn")).json() as AdminChurn;
    const event = (userId: string, createdAt: Date) => ({ userId, actionType: "page_view", pageRoute: "/", createdAt });
    const active = await seedUser(app, daysAgo(60), "Still Coming");
    const lapsed10 = await seedUser(app, daysAgo(60), "Lapsed Ten");
    const lapsed20 = await seedUser(app, daysAgo(60), "Lapsed Twenty");
    const never = await seedUser(app, daysAgo(40), "Never Came");
    await seedUser(app, daysAgo(2), "Just Joined");
    await app.db
      .insert(schema.activityEvents)
      .values([event(active.id, daysAgo(1)), event(lapsed10.id, daysAgo(10)), event(lapsed20.id, daysAgo(20))]);

    const after = (await admin.client.get("/api/admin/churn")).json() as AdminChurn;
    expect(after.inactive[7] - before.inactive[7]).toBe(3);
    expect(after.inactive[14] - before.inactive[14]).toBe(2);
    expect(after.inactive[30] - before.inactive[30]).toBe(1);

    const list = (await admin.client.get("/api/admin/churn/inactive?days=7")).json() as AdminPage<AdminInactiveRow>;
    const ids = list.items.map((r) => r.user_id);
    expect(ids).toEqual(expect.arrayContaining([lapsed10.id, lapsed20.id, never.id]));
    expect(ids).not.toContain(active.id);
    // The most recently lapsed first, never-active last.
    expect(ids.indexOf(lapsed10.id)).toBeLessThan(ids.indexOf(lapsed20.id));
    expect(ids.indexOf(lapsed20.id)).toBeLessThan(ids.indexOf(never.id));
    expect(list.items.find((r) => r.user_id === never.id)!.last_active_at).toBeNull();

    const csv = await admin.client.get("/api/admin/churn/inactive?days=30&format=csv");
    expect(csv.headers["content-disposition"]).toMatch(/inactive-30-days-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.text).toContain(never.email);
    expect(csv.text).not.toContain(lapsed20.email);
    expect((await admin.client.get("/api/admin/churn/inactive?days=8")).status).toBe(400);
  });

  test("cancelling Premium asks for a reason; the cancellations list shows it", async () => {
    const client = app.client();
    const member = await signUp(client, { name: "Cancelling Member" });
    await app.db.insert(schema.subscriptions).values({
      userId: member.id,
      planType: "premium_monthly",
      status: "active",
      provider: "local",
      currentPeriodEnd: new Date(Date.now() + 10 * DAY),
    });
    const bad = await client.post("/api/subscription/cancel", { reason: "x".repeat(501) });
    expect(bad.status).toBe(400);
    const cancel = await client.post("/api/subscription/cancel", { reason: "Money is tight this month." });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.json().cancel_at_period_end).toBe(true);
    // Resume and cancel again without a body: a second cancellation, no reason.
    await client.post("/api/subscription/resume", {});
    expect((await client.post("/api/subscription/cancel")).status).toBe(200);

    const list = (await admin.client.get("/api/admin/churn/cancellations")).json() as AdminPage<AdminCancellationRow>;
    const his = list.items.filter((r) => r.user_id === member.id);
    expect(his.map((r) => r.reason)).toEqual([null, "Money is tight this month."]);
    const churn = (await admin.client.get("/api/admin/churn")).json() as AdminChurn;
    expect(churn.cancellations).toMatchObject({ last_30_days: 2, with_reason: 1 });
    const csv = await admin.client.get("/api/admin/churn/cancellations?format=csv");
    expect(csv.text).toContain("Money is tight this month.");
    const exported = (await client.get("/api/account/export")).json();
    expect(exported.subscription_cancellations).toHaveLength(2);
  });

  test("weekly retention cohorts: sign-up week (Sunday to Saturday) by weeks since", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const thisWeek = weekStartOf(today);
    const cohortWeek = addDays(thisWeek, -21); // three weeks ago
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const before = (await admin.client.get("/api/admin/churn")).json() as AdminChurn;
    const row = (churn: AdminChurn) => churn.cohorts.find((c) => c.week === cohortWeek)!;

    const a = await seedUser(app, at(addDays(cohortWeek, 1)));
    const b = await seedUser(app, at(addDays(cohortWeek, 6))); // Saturday: same week
    const c = await seedUser(app, at(addDays(cohortWeek, 3)));
    const event = (userId: string, day: string) => ({ userId, actionType: "page_view", pageRoute: "/", createdAt: at(day) });
    await app.db.insert(schema.activityEvents).values([
      event(a.id, addDays(cohortWeek, 1)),
      event(b.id, addDays(cohortWeek, 6)),
      event(a.id, addDays(cohortWeek, 7)), // Sunday: week 1
      event(a.id, addDays(cohortWeek, 8)),
      event(b.id, addDays(cohortWeek, 13)),
      event(c.id, addDays(cohortWeek, 15)), // week 2
      event(a.id, addDays(cohortWeek, 21)), // week 3 (this week)
    ]);

    const after = (await admin.client.get("/api/admin/churn")).json() as AdminChurn;
    expect(after.cohorts).toHaveLength(8);
    expect(after.cohorts[after.cohorts.length - 1]!.week).toBe(thisWeek);
    const delta = (k: number) => (row(after).retained[k] ?? 0) - (row(before).retained[k] ?? 0);
    expect(row(after).members - row(before).members).toBe(3);
    expect([delta(0), delta(1), delta(2), delta(3)]).toEqual([2, 2, 1, 1]);
    // Weeks that have not come yet are null.
    expect(row(after).retained.slice(4)).toEqual([null, null, null, null]);
  });
});

describe("admin Features", () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof newAdmin>>;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await newAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  test("page views and named actions per feature, AI tokens and audio minutes per day, cap hits per feature", async () => {
    const client = app.client();
    const member = await signUp(client, { name: "Busy Member" });
    const other = await seedUser(app, daysAgo(30));
    for (const route of ["/", "/", "/pasture", "/pasture/library", "/journal"]) {
      await client.post("/api/functions/track-user-activity", { action_type: "page_view", page_route: route });
    }
    await client.post("/api/functions/track-user-activity", { action_type: "journal_save", page_route: "/journal" });
    await client.post("/api/functions/track-user-activity", { action_type: "devotional_complete", page_route: "/" });
    expect((await client.post("/api/functions/track-user-activity", { action_type: "cap_hit" })).status).toBe(400);
    await app.db.insert(schema.activityEvents).values([
      { userId: other.id, actionType: "page_view", pageRoute: "/pasture", createdAt: daysAgo(3) },
      { userId: other.id, actionType: "devotional_complete", pageRoute: "/", createdAt: daysAgo(3) },
      // Outside the 7-day range.
      { userId: other.id, actionType: "page_view", pageRoute: "/word", createdAt: daysAgo(9) },
    ]);

    // A real cap hit: a free member at his journal cap this month.
    await app.db.insert(schema.monthlyUsageLimits).values({ userId: member.id, month: monthKey(new Date()), journalEntries: 10 });
    const refused = await client.post("/api/journal", { content: "One more entry than the free plan allows." });
    expect(refused.status).toBe(429);

    await app.db.insert(schema.aiUsage).values([
      { userId: other.id, featureType: "devotional", tokensUsed: 1200, createdAt: daysAgo(0) },
      { userId: other.id, featureType: "insight", tokensUsed: 800, createdAt: daysAgo(2) },
      { userId: other.id, featureType: "audio", tokensUsed: 0, audioSeconds: 150, createdAt: daysAgo(0) },
      { userId: other.id, featureType: "audio", tokensUsed: 0, audioSeconds: 90, createdAt: daysAgo(0) },
    ]);

    const use = (await admin.client.get("/api/admin/features?range=7")).json() as AdminFeatures;
    expect(use.days).toHaveLength(7);
    const views = Object.fromEntries(use.page_views.map((r) => [r.feature, r]));
    expect(views.today).toMatchObject({ views: 2, members: 1 });
    expect(views.pasture).toMatchObject({ views: 3, members: 2 });
    expect(views.journal).toMatchObject({ views: 1, members: 1 });
    expect(views.word).toBeUndefined();
    const actions = Object.fromEntries(use.actions.map((r) => [r.action, r]));
    expect(actions.devotional_complete).toMatchObject({ count: 2, members: 2 });
    expect(actions.journal_save).toMatchObject({ count: 1, members: 1 });
    expect(use.cap_hits).toEqual([{ feature: "journal", limit_reached: 1, premium_only: 0, members: 1 }]);
    expect(use.ai.tokens_by_day[6]).toBe(1200);
    expect(use.ai.tokens_by_day[4]).toBe(800);
    expect(use.ai.audio_minutes_by_day[6]).toBe(4);
    expect(use.ai.by_feature.find((f) => f.feature === "audio")).toMatchObject({ calls: 2, tokens: 0 });

    const csv = await admin.client.get("/api/admin/features?range=7&format=csv");
    expect(csv.text).toContain("cap hits,journal,1,1");
    expect((await admin.client.get("/api/admin/features?range=8")).status).toBe(400);
  });
});

describe("admin Reports: hide, restore, ban the author", () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof newAdmin>>;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await newAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  test("hidden content disappears for other members but not for its author and admins; restore brings it back", async () => {
    const author = await brother(app, "Author");
    const reporter = await brother(app, "Reporter");
    const reader = await brother(app, "Reader");
    const post = (await author.client.post("/api/pasture/posts", { body: "Something unkind" })).json();
    const host = (await reader.client.post("/api/pasture/posts", { body: "A good word" })).json();
    const comment = (await author.client.post(`/api/pasture/posts/${host.id}/comments`, { body: "Rude comment" })).json();
    await reporter.client.post("/api/reports", { target_type: "post", target_id: post.id, reason: "Unkind" });
    await reporter.client.post("/api/reports", { target_type: "comment", target_id: comment.id, reason: "Rude" });
    const open = (await admin.client.get("/api/admin/reports")).json();
    const postReport = open.find((r: { target_id: string }) => r.target_id === post.id);
    const commentReport = open.find((r: { target_id: string }) => r.target_id === comment.id);
    expect(postReport).toMatchObject({ hidden: false, author_banned: false });

    expect((await reader.client.post(`/api/admin/reports/${postReport.id}/hide`)).status).toBe(403);
    expect((await admin.client.post(`/api/admin/reports/${postReport.id}/hide`)).json()).toEqual({ hidden: true });
    expect((await admin.client.post(`/api/admin/reports/${commentReport.id}/hide`)).status).toBe(200);

    const feedIds = async (client: TestClient) =>
      ((await client.get("/api/pasture/posts")).json().items as Array<{ id: string }>).map((p) => p.id);
    const commentIds = async (client: TestClient) =>
      ((await client.get(`/api/pasture/posts/${host.id}/comments`)).json() as Array<{ id: string }>).map((c) => c.id);
    expect(await feedIds(reader.client)).not.toContain(post.id);
    expect(await feedIds(reporter.client)).not.toContain(post.id);
    expect((await reader.client.get(`/api/pasture/posts/${post.id}`)).status).toBe(404);
    // Its thread is hidden with it.
    expect((await reader.client.get(`/api/pasture/posts/${post.id}/comments`)).status).toBe(404);
    expect((await reader.client.post(`/api/pasture/posts/${post.id}/comments`, { body: "Hello?" })).status).toBe(404);
    expect((await admin.client.get(`/api/pasture/posts/${post.id}/comments`)).status).toBe(200);
    expect((await author.client.get(`/api/pasture/posts/${post.id}/comments`)).status).toBe(200);
    expect((await reader.client.get(`/api/pasture/posts?author=${author.id}`)).json().items).toEqual([]);
    expect(await commentIds(reader.client)).not.toContain(comment.id);
    // The author still sees both, marked hidden; so does an admin.
    expect(await feedIds(author.client)).toContain(post.id);
    expect((await author.client.get(`/api/pasture/posts/${post.id}`)).json()).toMatchObject({ hidden: true });
    expect(await commentIds(author.client)).toContain(comment.id);
    expect(await feedIds(admin.client)).toContain(post.id);
    expect(await commentIds(admin.client)).toContain(comment.id);

    const resolved = (await admin.client.get("/api/admin/reports?status=resolved")).json();
    expect(resolved.find((r: { id: string }) => r.id === postReport.id)).toMatchObject({ hidden: true });

    expect((await admin.client.post(`/api/admin/reports/${postReport.id}/restore`)).json()).toEqual({ hidden: false });
    expect(await feedIds(reader.client)).toContain(post.id);
    expect((await reader.client.get(`/api/pasture/posts/${post.id}`)).json()).toMatchObject({ hidden: false });
    expect(await commentIds(reader.client)).not.toContain(comment.id);

    // The count under a post is of the comments everyone sees: a hidden comment leaves it, and comes back with it.
    const count = async () => (await reader.client.get(`/api/pasture/posts/${host.id}`)).json().comment_count;
    expect(await count()).toBe(0);
    expect((await admin.client.post(`/api/admin/reports/${commentReport.id}/restore`)).status).toBe(200);
    expect(await count()).toBe(1);
    expect(await commentIds(reader.client)).toContain(comment.id);
    expect((await admin.client.post(`/api/admin/reports/${commentReport.id}/hide`)).status).toBe(200);
    expect((await admin.client.post(`/api/admin/reports/${commentReport.id}/hide`)).status).toBe(200);
    expect(await count()).toBe(0);
    // Removing it then leaves the count as it is.
    expect((await admin.client.post(`/api/admin/reports/${commentReport.id}/resolve`, { action: "remove" })).status).toBe(200);
    expect(await count()).toBe(0);
    expect(await commentIds(admin.client)).not.toContain(comment.id);

    const audit = await app.db
      .select()
      .from(schema.adminAuditLog)
      .where(and(eq(schema.adminAuditLog.targetUserId, author.id)));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "report.hide",
      "report.hide",
      "report.hide",
      "report.hide",
      "report.remove",
      "report.restore",
      "report.restore",
    ]);
    expect(audit.find((a) => a.action === "report.restore")!.details).toMatchObject({
      report_id: postReport.id,
      reason: "Unkind",
    });
  });

  test("a hidden reflection leaves its flock's list; banning the author from a report ends his sessions", async () => {
    const author = await brother(app, "Flock Author");
    const reporter = await brother(app, "Flock Reporter");
    const flock = (await author.client.post("/api/flocks", { name: "Tuesday Men" })).json();
    expect((await author.client.post(`/api/flocks/${flock.id}/invitations`, { username: reporter.username })).status).toBe(201);
    expect((await reporter.client.post(`/api/flocks/${flock.id}/accept`)).status).toBe(200);
    const reflection = (await author.client.post(`/api/flocks/${flock.id}/reflections`, { body: "Harsh words" })).json();
    await reporter.client.post("/api/reports", { target_type: "reflection", target_id: reflection.id, reason: "Harsh" });
    const report = (await admin.client.get("/api/admin/reports"))
      .json()
      .find((r: { target_id: string }) => r.target_id === reflection.id);
    await admin.client.post(`/api/admin/reports/${report.id}/hide`);
    const list = (await reporter.client.get(`/api/flocks/${flock.id}/reflections`)).json();
    expect(list.items.map((r: { id: string }) => r.id)).not.toContain(reflection.id);
    expect((await reporter.client.get(`/api/reflections/${reflection.id}`)).status).toBe(404);

    const ban = await admin.client.post(`/api/admin/reports/${report.id}/ban-author`, {});
    expect(ban.status, ban.text).toBe(200);
    expect((await author.client.get("/api/me")).status).toBe(401);
    const [row] = await app.db.select().from(schema.users).where(eq(schema.users.id, author.id));
    expect(row).toMatchObject({ banned: true, banReason: "Reported: Harsh" });
    const [entry] = await app.db
      .select()
      .from(schema.adminAuditLog)
      .where(and(eq(schema.adminAuditLog.targetUserId, author.id), eq(schema.adminAuditLog.action, "user.ban")));
    expect(entry!.details).toMatchObject({ report_id: report.id, sessions_ended: 1 });
    const after = (await admin.client.get("/api/admin/reports?status=resolved")).json();
    expect(after.find((r: { id: string }) => r.id === report.id)).toMatchObject({ author_banned: true });
  });
});

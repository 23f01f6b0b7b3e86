import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { CONTROL_MESSAGE } from "../src/http/clean-input";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AdminDashboard, AdminUserDetail } from "@shepherd/shared/admin";
import { schema } from "../src/db/client";
import { QUEUES } from "../src/jobs/queue";
import { setAdmin } from "../src/modules/admin/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson, signIn, signUp, uniqueEmail } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp";

const DAY = 24 * 60 * 60 * 1000;
const today = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};
/** Noon (UTC) of the day `n` days ago, or now for today (a time later today has not happened yet). */
const daysAgo = (n: number) => (n === 0 ? new Date(Date.now() - 1000) : new Date(today() - n * DAY + 12 * 60 * 60 * 1000));

async function newAdmin(app: TestApp, name = "Admin Person"): Promise<{ client: TestClient; id: string; email: string }> {
  const client = app.client();
  const user = await signUp(client, { name });
  await setAdmin(app.db, user.email, true);
  await app.ctx.sessions.sync(); // what this process kept of his session hears the change
  return { client, id: user.id, email: user.email };
}

async function seedUser(app: TestApp, options: { name?: string; createdAt?: Date; username?: string } = {}) {
  const id = randomUUID();
  const email = uniqueEmail("seeded");
  await app.db
    .insert(schema.users)
    .values({ id, name: options.name ?? "Seeded Member", email, createdAt: options.createdAt ?? new Date() });
  await app.db.insert(schema.profiles).values({ id, username: options.username ?? null });
  return { id, email };
}

const last = <T>(values: T[]) => values[values.length - 1]!;
const at = (values: number[], n: number) => values[values.length - 1 - n]!;

describe("admin dashboard numbers", () => {
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    admin = (await newAdmin(app)).client;
  });
  afterAll(async () => {
    await app?.close();
  });

  test("members, active members, sign-ups, completions, check-ins, journal entries, posts, Premium and trials by day", async () => {
    const before = (await admin.get("/api/admin/dashboard?range=30")).json() as AdminDashboard;
    const a = await seedUser(app, { createdAt: daysAgo(2) });
    const b = await seedUser(app, { createdAt: daysAgo(2) });
    const c = await seedUser(app, { createdAt: daysAgo(2) });
    await seedUser(app, { createdAt: daysAgo(10) });
    const event = (userId: string, createdAt: Date) => ({ userId, actionType: "page_view", pageRoute: "/", createdAt });
    await app.db
      .insert(schema.activityEvents)
      .values([
        event(a.id, daysAgo(0)),
        event(a.id, daysAgo(0)),
        event(a.id, daysAgo(0)),
        event(b.id, daysAgo(0)),
        event(a.id, daysAgo(2)),
        event(c.id, daysAgo(5)),
        event(c.id, daysAgo(20)),
      ]);
    const [devotional] = await app.db
      .insert(schema.devotionals)
      .values({
        userId: a.id,
        devotionalDate: new Date(today()).toISOString().slice(0, 10),
        title: "T",
        passage: "John 3:16",
        passageText: "x",
        content: "x",
        reflection: "x",
        theme: "faith",
        prayer: "x",
        source: "library",
      })
      .returning();
    await app.db.insert(schema.devotionalProgress).values({
      userId: a.id,
      devotionalId: devotional!.id,
      progressDate: devotional!.devotionalDate,
      completed: true,
      completedAt: daysAgo(0),
    });
    await app.db.insert(schema.dailyCheckins).values([
      { userId: a.id, checkInDate: "2020-01-01", mood: "good", createdAt: daysAgo(0) },
      { userId: b.id, checkInDate: "2020-01-01", mood: "good", createdAt: daysAgo(0) },
      { userId: b.id, checkInDate: "2020-01-02", mood: "good", createdAt: daysAgo(3) },
    ]);
    await app.db
      .insert(schema.journalEntries)
      .values({ userId: a.id, entryDate: "2020-01-01", content: "x", createdAt: daysAgo(1) });
    await app.db.insert(schema.posts).values({ userId: b.id, body: "hello", createdAt: daysAgo(1) });
    await app.db.insert(schema.subscriptions).values([
      {
        userId: a.id,
        planType: "premium_monthly",
        status: "trialing",
        trialEnd: new Date(Date.now() + 5 * DAY),
        createdAt: daysAgo(3),
      },
      { userId: b.id, planType: "premium_annual", status: "active", createdAt: daysAgo(40) },
    ]);

    const after = (await admin.get("/api/admin/dashboard?range=30")).json() as AdminDashboard;
    expect(after.range).toBe(30);
    expect(after.days).toHaveLength(30);
    expect(last(after.days)).toBe(new Date(today()).toISOString().slice(0, 10));
    const delta = (metric: keyof AdminDashboard["series"], n: number) =>
      at(after.series[metric], n) - at(before.series[metric], n);

    expect(after.now.members - before.now.members).toBe(4);
    expect(delta("members", 0)).toBe(4);
    expect(delta("members", 5)).toBe(1);
    expect(delta("signups", 2)).toBe(3);
    expect(delta("signups", 10)).toBe(1);
    expect(delta("daily_active", 0)).toBe(2);
    expect(delta("daily_active", 2)).toBe(1);
    expect(delta("weekly_active", 0)).toBe(3);
    expect(delta("weekly_active", 2)).toBe(2);
    expect(delta("monthly_active", 0)).toBe(3);
    expect(delta("monthly_active", 20)).toBe(1);
    expect(delta("devotionals_completed", 0)).toBe(1);
    expect(delta("check_ins", 0)).toBe(2);
    expect(delta("check_ins", 3)).toBe(1);
    expect(delta("journal_entries", 1)).toBe(1);
    expect(delta("posts", 1)).toBe(1);
    expect(after.now.premium).toBe(2);
    expect(after.now.trials).toBe(1);
    expect(last(after.series.premium)).toBe(2);
    expect(at(after.series.premium, 5)).toBe(1);
    expect(at(after.series.trials, 5)).toBe(0);

    const week = (await admin.get("/api/admin/dashboard?range=7")).json() as AdminDashboard;
    expect(week.days).toHaveLength(7);
    const bad = await admin.get("/api/admin/dashboard?range=14");
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toBe("range: must be 7, 30 or 90 (days)");
  });
});

describe("admin users", () => {
  let app: TestApp;
  let smtp: SmtpSink;
  let admin: { client: TestClient; id: string; email: string };
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({ env: { SMTP_URL: smtp.url } });
    admin = await newAdmin(app, "Head Shepherd");
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  test("search by name, username or email, a page at a time, and export as CSV", async () => {
    const found = await seedUser(app, { name: "Barnabas Searchable", username: "encourager_b" });
    for (const q of ["barnabas", "ENCOURAGER_B", found.email.slice(0, 12)]) {
      const page = (await admin.client.get(`/api/admin/users?q=${encodeURIComponent(q)}`)).json();
      expect(
        page.items.map((u: { id: string }) => u.id),
        q,
      ).toContain(found.id);
    }
    expect((await admin.client.get("/api/admin/users?q=%25")).json().total).toBe(0);
    for (let i = 0; i < 26; i++) await seedUser(app, { name: `Paged Member ${i}` });
    const first = (await admin.client.get("/api/admin/users?q=paged%20member")).json();
    expect(first.total).toBe(26);
    expect(first.items).toHaveLength(25);
    const second = (await admin.client.get("/api/admin/users?q=paged%20member&page=2")).json();
    expect(second.items).toHaveLength(1);
    expect((await admin.client.get("/api/admin/users?page=0")).status).toBe(400);
    expect((await admin.client.get("/api/admin/users?q=a%00b")).json().error.message).toBe(`q: ${CONTROL_MESSAGE}`);

    await app.db
      .update(schema.users)
      .set({ name: '=HYPERLINK("http://evil","x"), plus\nmore' })
      .where(eq(schema.users.id, found.id));
    await app.ctx.sessions.sync(); // what this process kept of his session hears the change
    const csv = await admin.client.get(`/api/admin/users?q=encourager_b&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text.split("\r\n")[0]).toBe("id,name,username,email,role,banned,joined");
    expect(csv.text).toContain(
      `${found.id},"'=HYPERLINK(""http://evil"",""x""), plus\nmore",encourager_b,${found.email},,false,`,
    );
  });

  test("a member's page; ban ends his sessions and blocks sign-in; unban lets him back; each in the audit log", async () => {
    const memberClient = app.client();
    const member = await signUp(memberClient, { name: "Silas Banned" });
    const otherDevice = app.client();
    expect((await signIn(otherDevice, member)).status).toBe(200);
    await app.db.insert(schema.activityEvents).values({ userId: member.id, actionType: "page_view", pageRoute: "/" });

    const page = (await admin.client.get(`/api/admin/users/${member.id}`)).json() as AdminUserDetail;
    expect(page.account).toMatchObject({ id: member.id, email: member.email, banned: false, is_admin: false });
    expect(page.subscription.is_premium).toBe(false);
    expect(page.sessions).toBe(2);
    expect(page.last_active_at).not.toBeNull();
    expect(page.usage.month).toMatch(/^\d{4}-\d{2}-01$/);
    expect(page.audit).toEqual([]);
    expect((await admin.client.get(`/api/admin/users/${randomUUID()}`)).status).toBe(404);

    const banned = await admin.client.post(`/api/admin/users/${member.id}/ban`, { reason: "Spam in the Pasture" });
    expect(banned.status).toBe(200);
    expect(banned.json().account.banned).toBe(true);
    expect(banned.json().sessions).toBe(0);
    expect((await memberClient.get("/api/me")).status).toBe(401);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    const refused = await signIn(app.client(), member);
    expect(refused.status).toBe(403);

    const unbanned = (await admin.client.post(`/api/admin/users/${member.id}/unban`, {})).json() as AdminUserDetail;
    expect(unbanned.account.banned).toBe(false);
    const back = app.client();
    expect((await signIn(back, member)).status).toBe(200);
    expect((await back.get("/api/me")).status).toBe(200);
    expect(unbanned.audit.map((e) => e.action)).toEqual(["user.unban", "user.ban"]);
    expect(unbanned.audit[1]).toMatchObject({
      actor_email: admin.email,
      target: member.email,
      details: { reason: "Spam in the Pasture", sessions_ended: 2 },
    });

    // His export has what admins did about him; the admin's, what he did. Only actions and times: not others' words.
    const about = (await back.get("/api/account/export")).json().admin_actions_about_you as Array<{ action: string }>;
    expect(about.map((e) => e.action)).toEqual(["user.unban", "user.ban"]);
    expect(Object.keys(about[0]!).sort()).toEqual(["action", "created_at"]);
    const by = (await admin.client.get("/api/account/export")).json().admin_actions_by_you as Array<{ action: string }>;
    expect(by.map((e) => e.action).slice(0, 2)).toEqual(["user.unban", "user.ban"]);
    // Once his account is deleted, the entries about him no longer name him; the admin's email stays on them.
    expect((await back.delete("/api/account", { confirm: "DELETE" })).status).toBe(200);
    const entries = await app.db
      .select()
      .from(schema.adminAuditLog)
      .where(sql`${schema.adminAuditLog.details}->>'reason' = 'Spam in the Pasture'`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ target: "a deleted member", targetUserId: null, actorEmail: admin.email });
    expect(JSON.stringify(await app.db.select().from(schema.adminAuditLog))).not.toContain(member.email);
  });

  test("make and remove admin, never on himself; reset two-step; each with its audit entry", async () => {
    const memberClient = app.client();
    const member = await signUp(memberClient, { name: "Timothy Helper" });
    expect((await memberClient.get("/api/admin/dashboard")).status).toBe(403);
    await admin.client.post(`/api/admin/users/${member.id}/role`, { admin: true });
    expect((await memberClient.get("/api/admin/dashboard")).status).toBe(200);
    const removed = (await admin.client.post(`/api/admin/users/${member.id}/role`, { admin: false })).json() as AdminUserDetail;
    expect((await memberClient.get("/api/admin/dashboard")).status).toBe(403);
    expect(removed.audit.map((e) => e.action)).toEqual(["user.remove_admin", "user.make_admin"]);

    const selfBan = await admin.client.post(`/api/admin/users/${admin.id}/ban`, {});
    expect(selfBan.status).toBe(409);
    expect(selfBan.json().error.message).toBe("You cannot ban yourself. Ask another admin.");
    const selfDemote = await admin.client.post(`/api/admin/users/${admin.id}/role`, { admin: false });
    expect(selfDemote.status).toBe(409);
    expect((await admin.client.get("/api/admin/dashboard")).status).toBe(200);
    const [adminAudit] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.adminAuditLog)
      .where(eq(schema.adminAuditLog.targetUserId, admin.id));
    expect(adminAudit!.n).toBe(0);
    expect((await admin.client.post(`/api/admin/users/${member.id}/role`, { admin: "yes" })).status).toBe(400);

    await app.db.insert(schema.twoFactors).values({ id: randomUUID(), userId: member.id, secret: "s", backupCodes: "c" });
    await app.db.update(schema.users).set({ twoFactorEnabled: true }).where(eq(schema.users.id, member.id));
    await app.ctx.sessions.sync(); // what this process kept of his session hears the change
    const reset = (await admin.client.post(`/api/admin/users/${member.id}/reset-two-factor`, {})).json() as AdminUserDetail;
    expect(reset.account.two_factor_enabled).toBe(false);
    expect(await app.db.select().from(schema.twoFactors).where(eq(schema.twoFactors.userId, member.id))).toEqual([]);
    expect(reset.audit[0]).toMatchObject({ action: "user.reset_two_factor", details: { was_enabled: true } });
  });

  test("send a password reset: the mail arrives through SMTP with the reset link", async () => {
    const member = await signUp(app.client(), { name: "Andrew Forgetful" });
    const sent = (await admin.client.post(`/api/admin/users/${member.id}/password-reset`, {})).json() as AdminUserDetail;
    const mail = await smtp.waitFor(member.email);
    expect(mail.subject).toBe("Reset your Shepherd password");
    expect(mail.text).toContain("Hi Andrew Forgetful,");
    expect(mail.text).toContain(`${app.url}/api/auth/reset-password/`);
    expect(sent.audit[0]).toMatchObject({ action: "user.send_password_reset", target: member.email });
  });
});

describe("admin health", () => {
  let app: TestApp;
  let admin: { client: TestClient; id: string; email: string };
  beforeAll(async () => {
    app = await startTestApp();
    admin = await newAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  test("database, job queue with retry, storage, providers, browser errors, server", async () => {
    // What the database knows is stored (a file put on disk by hand is not a stored file).
    await app.ctx.storage.put("avatars/someone/a.webp", Buffer.alloc(1234), "image/webp");
    fs.writeFileSync(path.join(app.dataDir, "storage", "avatars", "unknown.webp"), Buffer.alloc(99));
    const jobId = await app.ctx.jobs.send(QUEUES.planGenerationFailed, { planId: randomUUID() }, { startAfterSeconds: 3600 });
    await app.db.execute(
      sql`update pgboss.job set state = 'failed', output = '{"message":"the writer gave up"}' where id = ${jobId}`,
    );
    const errors = [
      { message: "Cannot read x", stack: "at A" },
      { message: "Cannot read x", stack: "at A" },
      { message: "Other", stack: null },
    ];
    for (const e of errors) await app.db.insert(schema.errorReports).values({ ...e, url: "http://x/today" });

    const health = (await admin.client.get("/api/admin/health")).json();
    expect(health.database.version).toMatch(/^\d+/);
    expect(health.database.size_bytes).toBeGreaterThan(0);
    expect(health.database.connections.total).toBeGreaterThan(0);
    expect(health.database.slowest_statements).toBeNull();
    expect(health.jobs).toContainEqual({ queue: QUEUES.planGenerationFailed, queued: 0, active: 0, failed: 1 });
    expect(health.storage).toEqual({ bytes: 1234, files: 1, where: path.join(app.dataDir, "storage") });
    expect(health.providers.map((p: { kind: string; state: string }) => `${p.kind}: ${p.state}`)).toEqual([
      "AI text: offline default",
      "Speech: offline default",
      "Images: offline default",
      "Mail: offline default",
      "Billing: offline default",
      "Error reporting: offline default",
    ]);
    expect(health.server.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(health.server.memory.rss).toBeGreaterThan(0);

    const failed = (await admin.client.get("/api/admin/health/jobs/failed")).json();
    expect(failed.items).toEqual([
      expect.objectContaining({ id: jobId, queue: QUEUES.planGenerationFailed, error: "the writer gave up" }),
    ]);
    expect((await admin.client.post(`/api/admin/health/jobs/${jobId}/retry`, {})).json()).toEqual({ retried: true });
    expect((await admin.client.get("/api/admin/health/jobs/failed")).json().total).toBe(0);
    expect((await admin.client.post(`/api/admin/health/jobs/${jobId}/retry`, {})).status).toBe(404);
    const after = (await admin.client.get("/api/admin/health")).json();
    expect(after.jobs).toContainEqual({ queue: QUEUES.planGenerationFailed, queued: 1, active: 0, failed: 0 });
    expect(after.job_audit[0]).toMatchObject({ action: "job.retry", target: `job ${jobId}`, actor_email: admin.email });

    const groups = (await admin.client.get("/api/admin/health/errors")).json();
    expect(groups.total).toBe(2);
    expect(groups.items).toContainEqual(expect.objectContaining({ message: "Cannot read x", stack: "at A", count: 2 }));
    expect(groups.items).toContainEqual(expect.objectContaining({ message: "Other", stack: null, count: 1 }));
    const csv = await admin.client.get("/api/admin/health/errors?format=csv");
    expect(csv.headers["content-disposition"]).toContain("error-reports-");
    expect(csv.text.split("\r\n")).toHaveLength(4);
  });
});

describe("admin subscriptions", () => {
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    admin = (await newAdmin(app)).client;
  });
  afterAll(async () => {
    await app?.close();
  });

  test("Premium, trials, cancellations, payment failures, MRR now and by day, the list and billing events", async () => {
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => newPerson(app)));
    const [trial, monthly, annual, canceled, pastDue] = people.map((p) => p.id) as [string, string, string, string, string];
    await app.db.insert(schema.subscriptions).values([
      {
        userId: trial,
        planType: "premium_monthly",
        status: "trialing",
        trialEnd: new Date(Date.now() + 5 * DAY),
        createdAt: daysAgo(3),
      },
      { userId: monthly, planType: "premium_monthly", status: "active", cancelAtPeriodEnd: true, createdAt: daysAgo(40) },
      { userId: annual, planType: "premium_annual", status: "active", createdAt: daysAgo(1) },
      { userId: canceled, planType: "premium_monthly", status: "canceled", createdAt: daysAgo(60), updatedAt: daysAgo(5) },
      { userId: pastDue, planType: "premium_monthly", status: "past_due", createdAt: daysAgo(50), updatedAt: daysAgo(2) },
    ]);
    await app.db.insert(schema.billingEvents).values([
      { id: "evt_1", type: "invoice.payment_failed", receivedAt: daysAgo(2) },
      { id: "evt_2", type: "customer.subscription.deleted", receivedAt: daysAgo(5) },
    ]);

    const overview = (await admin.get("/api/admin/subscriptions?range=7")).json();
    expect(overview.now).toEqual({
      premium: 3,
      trials: 1,
      paying: 2,
      canceling: 1,
      canceled: 1,
      payment_failures: 1,
      mrr_cents: 799 + 583,
    });
    expect(overview.days).toHaveLength(7);
    expect(last(overview.mrr_cents)).toBe(799 + 583);
    // Six days ago: the monthly one, the one canceled five days ago and the one past due since two days ago.
    expect(at(overview.mrr_cents, 6)).toBe(3 * 799);

    const list = (await admin.get("/api/admin/subscriptions/list?status=canceling")).json();
    expect(list.items.map((r: { user_id: string }) => r.user_id)).toEqual([monthly]);
    expect((await admin.get("/api/admin/subscriptions/list")).json().total).toBe(5);
    expect((await admin.get("/api/admin/subscriptions/list?status=past_due")).json().items[0].user_id).toBe(pastDue);
    expect((await admin.get("/api/admin/subscriptions/list?status=nope")).status).toBe(400);
    const events = (await admin.get("/api/admin/subscriptions/events")).json();
    expect(events.items.map((e: { id: string }) => e.id)).toEqual(["evt_1", "evt_2"]);
    const csv = await admin.get("/api/admin/subscriptions/list?format=csv");
    expect(csv.text.split("\r\n")[0]).toBe(
      "name,email,plan,status,trial ends,period ends,cancels at period end,provider,updated",
    );
    expect(csv.text.trim().split("\r\n")).toHaveLength(6);
  });
});

import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { readOutbox, signUp, uniqueEmail } from "./helpers/auth";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("track-user-activity", () => {
  test("records an event for the signed-in person", async () => {
    const client = app.client();
    const user = await signUp(client);
    const response = await client.post("/api/functions/track-user-activity", {
      action_type: "devotional_completed",
      page_route: "/",
      metadata: { devotionalId: "d-1", minutes: 7 },
    });
    expect(response.status).toBe(201);
    expect(response.json()).toEqual({ ok: true });

    const rows = await app.db.select().from(schema.activityEvents).where(eq(schema.activityEvents.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actionType: "devotional_completed",
      pageRoute: "/",
      metadata: { devotionalId: "d-1", minutes: 7 },
    });

    // Only the action is required.
    expect((await client.post("/api/functions/track-user-activity", { action_type: "app_opened" })).status).toBe(201);
  });

  test("metadata over 4 KB is refused with a clear message and nothing is stored", async () => {
    const client = app.client();
    const user = await signUp(client);
    const response = await client.post("/api/functions/track-user-activity", {
      action_type: "page_view",
      metadata: { blob: "x".repeat(5000) },
    });
    expect(response.status).toBe(413);
    expect(response.json().error.message).toBe("Activity metadata must be 4 KB or smaller.");
    expect(await app.db.select().from(schema.activityEvents).where(eq(schema.activityEvents.userId, user.id))).toEqual([]);
  });
});

describe("send-welcome-email", () => {
  test("sends the welcome mail to the person's own address", async () => {
    const client = app.client();
    const user = await signUp(client, { name: "Micah Hale" });
    const response = await client.post("/api/functions/send-welcome-email", {
      email: user.email.toUpperCase(),
      displayName: "Micah",
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ sent: true });

    const [mail] = await readOutbox(app.db, user.email);
    expect(mail).toMatchObject({ kind: "welcome", subject: "Welcome to Shepherd", transport: "outbox", error: null });
    expect(mail!.text).toContain("Welcome to Shepherd, Micah.");
    expect(mail!.text).toContain(`Open Shepherd: ${app.url}`);
  });

  test("an empty display name falls back to the account's name", async () => {
    const client = app.client();
    const user = await signUp(client, { name: "Asa Bell" });
    await client.post("/api/functions/send-welcome-email", { email: user.email, displayName: "  " });
    const [mail] = await readOutbox(app.db, user.email);
    expect(mail!.text).toContain("Welcome to Shepherd, Asa Bell.");
  });

  test("a different address is refused with 403 and nothing is sent", async () => {
    const client = app.client();
    await signUp(client);
    const victim = uniqueEmail("victim");
    const response = await client.post("/api/functions/send-welcome-email", { email: victim, displayName: "Spam" });
    expect(response.status).toBe(403);
    expect(response.json().error).toEqual({
      code: "FORBIDDEN",
      message: "The welcome email can only be sent to your own address.",
    });
    expect(await readOutbox(app.db, victim)).toEqual([]);
  });
});

describe("send-welcome-email by SMTP", () => {
  let smtp: SmtpSink;
  let smtpApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    smtpApp = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await smtpApp?.close();
    await smtp?.close();
  });

  test("the welcome mail is delivered to the SMTP server", async () => {
    const client = smtpApp.client();
    const user = await signUp(client, { name: "Ezra Vale" });
    expect((await client.post("/api/functions/send-welcome-email", { email: user.email, displayName: "Ezra" })).status).toBe(200);
    const received = await smtp.waitFor(user.email);
    expect(received.subject).toBe("Welcome to Shepherd");
    expect(received.text).toContain("Welcome to Shepherd, Ezra.");
    expect(await readOutbox(smtpApp.db, user.email)).toEqual([
      expect.objectContaining({ kind: "welcome", transport: "smtp", error: null }),
    ]);
  });

  test("when the SMTP server is gone the failure is recorded and reported, not hidden", async () => {
    const client = smtpApp.client();
    const user = await signUp(client);
    await smtp.close();
    const response = await client.post("/api/functions/send-welcome-email", { email: user.email, displayName: "Unlucky" });
    expect(response.status).toBe(500);
    expect(response.json().error.message).toBe("The welcome email could not be sent.");
    const [mail] = await readOutbox(smtpApp.db, user.email);
    expect(mail).toMatchObject({ kind: "welcome", transport: "smtp" });
    expect(mail!.error).toBeTruthy();
  });
});

describe("error reports", () => {
  test("a signed-out visitor's report is stored without a user", async () => {
    const message = `Render failed ${Math.random()}`;
    const response = await app.client().post("/api/error-reports", {
      message,
      stack: "Error: Render failed\n    at Today (today.tsx:10:5)",
      component_stack: "\n    at Today\n    at App",
      url: `${app.url}/`,
      user_agent: "Mozilla/5.0 (test)",
    });
    expect(response.status).toBe(201);
    expect(response.json()).toEqual({ received: true });
    const [row] = await app.db.select().from(schema.errorReports).where(eq(schema.errorReports.message, message));
    expect(row).toMatchObject({
      userId: null,
      stack: "Error: Render failed\n    at Today (today.tsx:10:5)",
      componentStack: "\n    at Today\n    at App",
      url: `${app.url}/`,
      userAgent: "Mozilla/5.0 (test)",
    });
    expect(row!.requestId).toBe(response.headers["x-request-id"]);
  });

  test("a signed-in person's report names them", async () => {
    const client = app.client();
    const user = await signUp(client);
    expect((await client.post("/api/error-reports", { message: "Journal crashed" })).status).toBe(201);
    const [row] = await app.db
      .select()
      .from(schema.errorReports)
      .where(eq(schema.errorReports.userId, user.id))
      .orderBy(desc(schema.errorReports.createdAt));
    expect(row?.message).toBe("Journal crashed");
  });
});

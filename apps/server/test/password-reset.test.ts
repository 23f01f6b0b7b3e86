import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { linkIn, readOutbox, signIn, signUp, uniqueEmail } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp";

const NEW_PASSWORD = "Fresh-start-2024";

/** Follows the mailed link like a browser: the server redirects to the app's reset page with the token. */
async function tokenFromLink(client: TestClient, link: string, redirectTo: string): Promise<string> {
  const opened = await client.get(link, { origin: null });
  expect(opened.status).toBe(302);
  const location = new URL(opened.headers.location!, link);
  expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
  const token = location.searchParams.get("token");
  expect(token).toBeTruthy();
  return token!;
}

describe("password reset through the outbox", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  test("request, read the link from the mail, reset, sign in with the new password; the old one fails", async () => {
    const user = await signUp(app.client(), { name: "Caleb Reed" });
    const otherDevice = app.client();
    await signIn(otherDevice, user);
    const redirectTo = `${app.url}/auth`;

    const asked = await app.client().post("/api/auth/request-password-reset", { email: user.email, redirectTo });
    expect(asked.status).toBe(200);
    expect(asked.json().status).toBe(true);

    const mails = await readOutbox(app.db, user.email);
    const mail = mails.find((m) => m.kind === "password_reset");
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe("Reset your Shepherd password");
    expect(mail!.text).toContain("Hi Caleb Reed,");
    expect(mail!.transport).toBe("outbox");
    const link = linkIn(mail!.text);
    expect(link.startsWith(`${app.url}/api/auth/reset-password/`)).toBe(true);
    expect(mail!.html).toContain(link.replace(/&/g, "&#38;"));

    const browser = app.client();
    const token = await tokenFromLink(browser, link, redirectTo);
    const reset = await browser.post("/api/auth/reset-password", { newPassword: NEW_PASSWORD, token });
    expect(reset.status).toBe(200);
    expect(reset.json()).toEqual({ status: true });

    const fresh = app.client();
    expect((await signIn(fresh, { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await fresh.get("/api/me")).json().user.id).toBe(user.id);
    const old = await signIn(app.client(), { email: user.email, password: user.password });
    expect(old.status).toBe(401);
    // Sessions that existed before the reset are ended (someone else may have had the password).
    expect((await otherDevice.get("/api/me")).status).toBe(401);

    // The link works once.
    const again = await browser.post("/api/auth/reset-password", { newPassword: "Yet-another-pass-3", token });
    expect(again.status).toBe(400);
    expect((await signIn(app.client(), { email: user.email, password: "Yet-another-pass-3" })).status).toBe(401);
  });

  test("an unknown address gets the same answer and no mail", async () => {
    const email = uniqueEmail("stranger");
    const asked = await app.client().post("/api/auth/request-password-reset", { email, redirectTo: `${app.url}/auth` });
    expect(asked.status).toBe(200);
    expect(asked.json().status).toBe(true);
    expect(await readOutbox(app.db, email)).toEqual([]);
  });

  test("a reset link pointing to another site is refused", async () => {
    const user = await signUp(app.client());
    const asked = await app
      .client()
      .post("/api/auth/request-password-reset", { email: user.email, redirectTo: "https://evil.example/steal" });
    expect(asked.status).toBe(403);
    expect(await readOutbox(app.db, user.email)).toEqual([]);
  });

  test("a made-up token does not reset anything", async () => {
    const response = await app
      .client()
      .post("/api/auth/reset-password", { newPassword: NEW_PASSWORD, token: "not-a-real-token" });
    expect(response.status).toBe(400);
    expect(response.json().message).toMatch(/token/i);
  });
});

describe("password reset by SMTP", () => {
  let smtp: SmtpSink;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Shepherd <no-reply@shepherd.test>" } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  test("the reset mail arrives at the SMTP server with a link that works", async () => {
    const user = await signUp(app.client(), { name: "Silas Grant" });
    const redirectTo = `${app.url}/auth`;
    const asked = await app.client().post("/api/auth/request-password-reset", { email: user.email, redirectTo });
    expect(asked.status).toBe(200);

    const received = await smtp.waitFor(user.email);
    expect(received.from).toBe("no-reply@shepherd.test");
    expect(received.subject).toBe("Reset your Shepherd password");
    expect(received.text).toContain("Hi Silas Grant,");
    const link = linkIn(received.text);
    expect(link.startsWith(`${app.url}/api/auth/reset-password/`)).toBe(true);

    // The outbox keeps the same mail, marked as sent by SMTP without error.
    const [recorded] = (await readOutbox(app.db, user.email)).filter((m) => m.kind === "password_reset");
    expect(recorded).toMatchObject({ transport: "smtp", error: null });
    expect(linkIn(recorded!.text)).toBe(link);

    const browser = app.client();
    const token = await tokenFromLink(browser, link, redirectTo);
    expect((await browser.post("/api/auth/reset-password", { newPassword: NEW_PASSWORD, token })).status).toBe(200);
    expect((await signIn(app.client(), { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await signIn(app.client(), { email: user.email, password: user.password })).status).toBe(401);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signInErrorMessage } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { linkIn, readOutbox, SESSION_COOKIE, signIn, signUp, uniqueEmail } from "./helpers/auth";

/** Issue 19, point 10: REQUIRE_EMAIL_VERIFICATION (off by default; the rest of the suite signs up without it). */

describe("with REQUIRE_EMAIL_VERIFICATION=true", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: "true" } });
  });
  afterAll(async () => {
    await app?.close();
  });

  test("sign-up signs no one in and mails a link; sign-in says to verify first; the link verifies and signs in", async () => {
    const email = uniqueEmail("verify");
    const password = "Green-Pastures-2026";
    const browser = app.client();
    const created = await browser.post("/api/auth/sign-up/email", { email, password, name: "Jonah Price", callbackURL: "/" });
    expect(created.status).toBe(200);
    expect(created.json().token).toBeNull();
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await browser.get("/api/me")).status).toBe(401);

    const refused = await signIn(app.client(), { email, password });
    expect(refused.status).toBe(403);
    expect(signInErrorMessage(refused.json().message)).toBe("Please verify your email address before signing in.");

    const mails = (await readOutbox(app.db, email)).filter((m) => m.kind === "verify_email");
    // One at sign-up, a fresh one when he tried to sign in before verifying.
    expect(mails.length).toBe(2);
    expect(mails[0]!.subject).toBe("Confirm your email address for Shepherd");
    expect(mails[0]!.text).toContain("Hi Jonah Price,");
    const link = linkIn(mails.at(-1)!.text);
    expect(link.startsWith(`${app.url}/api/auth/verify-email?token=`)).toBe(true);

    const opened = await browser.get(link, { origin: null });
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.location!, app.url).pathname).toBe("/");
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
    expect((await browser.get("/api/me")).json().user.email).toBe(email);
    const [user] = await app.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(user?.emailVerified).toBe(true);
    expect((await signIn(app.client(), { email, password })).status).toBe(200);
  });
});

describe("by default", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  test("sign-up signs in at once and sends no verification mail", async () => {
    const browser = app.client();
    const user = await signUp(browser);
    expect((await browser.get("/api/me")).status).toBe(200);
    expect((await readOutbox(app.db, user.email)).filter((m) => m.kind === "verify_email")).toEqual([]);
  });
});

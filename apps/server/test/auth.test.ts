import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signInErrorMessage, signUpErrorMessage } from "@shepherd/shared";
import { TEST_HASH_PREFIX } from "../src/auth/password-hashing";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { SESSION_COOKIE, signIn, signUp, uniqueEmail } from "./helpers/auth";
import { TestClient } from "./helpers/http-client";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("sign-up", () => {
  test("creates the account and a profile carrying the display name, and signs the person in", async () => {
    const client = app.client();
    const user = await signUp(client, { name: "Jonah Miller" });

    expect(user.response.json().user).toMatchObject({ email: user.email, name: "Jonah Miller" });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(true);

    const [profile] = await app.db.select().from(schema.profiles).where(eq(schema.profiles.id, user.id));
    expect(profile).toMatchObject({ id: user.id, displayName: "Jonah Miller", username: null, onboardingCompletedAt: null });

    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({
      user: { id: user.id, email: user.email, name: "Jonah Miller", twoFactorEnabled: false, role: "user" },
      profile: { id: user.id, display_name: "Jonah Miller", focus: [], current_topics: [], onboarding_completed_at: null },
      isAdmin: false,
    });
  });

  test("a second account with the same email is refused with the server's message", async () => {
    const first = await signUp(app.client());
    for (const email of [first.email, first.email.toUpperCase()]) {
      const again = await app
        .client()
        .post("/api/auth/sign-up/email", { email, password: "Another-pass-1", name: "Someone Else" });
      expect(again.status).toBe(422);
      const message = again.json().message as string;
      expect(message).toBe("User already registered");
      // Spec section 8: what the person then reads.
      expect(signUpErrorMessage(message)).toBe("This email is already registered. Please sign in instead.");
    }
    const rows = await app.db.select().from(schema.users).where(eq(schema.users.email, first.email));
    expect(rows).toHaveLength(1);
  });

  test("a password under 8 characters and a malformed email are refused with messages the app can map", async () => {
    const short = await app.client().post("/api/auth/sign-up/email", { email: uniqueEmail(), password: "short", name: "Shorty" });
    expect(short.status).toBe(400);
    expect(signUpErrorMessage(short.json().message)).toBe(
      "Password must be at least 8 characters and contain a mix of letters and numbers.",
    );

    const badEmail = await app
      .client()
      .post("/api/auth/sign-up/email", { email: "not-an-email", password: "Long-enough-1", name: "Nobody" });
    expect(badEmail.status).toBe(400);
    expect(signUpErrorMessage(badEmail.json().message)).toBe("Please enter a valid email address.");
  });

  test("nobody can make themselves an admin at sign-up", async () => {
    const email = uniqueEmail("sneaky");
    const response = await app
      .client()
      .post("/api/auth/sign-up/email", { email, password: "Long-enough-1", name: "Sneaky", role: "admin" });
    expect(response.status).toBe(400);
    expect(response.json().message).toMatch(/role/);
    expect(await app.db.select().from(schema.users).where(eq(schema.users.email, email))).toHaveLength(0);
  });
});

describe("sign-in", () => {
  test("the right password signs in; a wrong one gives 401 and no session", async () => {
    const user = await signUp(app.client());

    const wrong = app.client();
    const refused = await signIn(wrong, { email: user.email, password: `${user.password}x` });
    expect(refused.status).toBe(401);
    expect(refused.json().message).toBe("Invalid login credentials");
    expect(signInErrorMessage(refused.json().message)).toBe("Invalid email or password. Please try again.");
    expect(wrong.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await wrong.get("/api/me")).status).toBe(401);

    const unknown = await signIn(app.client(), { email: uniqueEmail("nobody"), password: user.password });
    expect(unknown.status).toBe(401);
    expect(unknown.json().message).toBe("Invalid login credentials");

    const right = app.client();
    const ok = await signIn(right, { email: user.email.toUpperCase(), password: user.password });
    expect(ok.status).toBe(200);
    expect(ok.json().user).toMatchObject({ id: user.id, email: user.email });
    const me = await right.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  });

  test("the session cookie is httpOnly, SameSite=Lax, lasts 30 days and keeps working", async () => {
    const user = await signUp(app.client());
    const client = app.client();
    const response = await signIn(client, user);
    const cookie = response.setCookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie!.attributes).toMatchObject({
      httponly: true,
      samesite: "Lax",
      path: "/",
      "max-age": String(30 * 24 * 60 * 60),
    });
    // Served over plain http here, so the cookie must not be Secure (the browser would drop it).
    expect(cookie!.attributes.secure).toBeUndefined();

    for (let i = 0; i < 2; i++) {
      const me = await client.get("/api/me");
      expect(me.status).toBe(200);
      expect(me.json().user.id).toBe(user.id);
    }
    // A browser that was closed and opened again sends only the stored cookie.
    const reopened = new TestClient(app.url);
    reopened.cookies.set(SESSION_COOKIE, cookie!.value);
    expect((await reopened.get("/api/me")).json().user.id).toBe(user.id);
  });

  test("behind an https address the session cookie is Secure (and __Secure- named), so it never travels over plain http", async () => {
    const https = await startTestApp({ publicUrl: "https://shepherd.example.com", database: app.database });
    try {
      const response = await https.client().post("/api/auth/sign-up/email", {
        email: uniqueEmail(),
        password: "Green-Pastures-2026",
        name: "Secure Simon",
      });
      expect(response.status, response.text).toBe(200);
      const cookie = response.setCookies.find((c) => c.name === `__Secure-${SESSION_COOKIE}`);
      expect(cookie, response.setCookies.map((c) => c.name).join(", ")).toBeDefined();
      expect(cookie!.attributes).toMatchObject({ secure: true, httponly: true, samesite: "Lax" });
      expect(response.setCookies.filter((c) => !c.attributes.secure)).toEqual([]);
    } finally {
      await https.close();
    }
  });
});

describe("sessions", () => {
  test("sign-out ends the session on the server, not only in the browser", async () => {
    const user = await signUp(app.client());
    const client = app.client();
    await signIn(client, user);
    const stolen = client.cookies.get(SESSION_COOKIE)!;

    const out = await client.post("/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get("/api/me")).status).toBe(401);

    const replay = new TestClient(app.url);
    replay.cookies.set(SESSION_COOKIE, stolen);
    expect((await replay.get("/api/me")).status).toBe(401);
  });

  test("a person can list their sessions and sign out another device", async () => {
    const user = await signUp(app.client());
    const laptop = app.client();
    const phone = app.client();
    await signIn(laptop, user);
    await signIn(phone, user);

    const list = await laptop.get("/api/auth/list-sessions");
    expect(list.status).toBe(200);
    const sessions = list.json() as { token: string; userId: string }[];
    expect(sessions.length).toBeGreaterThanOrEqual(3); // sign-up, laptop, phone
    expect(sessions.every((s) => s.userId === user.id)).toBe(true);
    const phoneToken = phone.cookies.get(SESSION_COOKIE)!.split(".")[0]!;
    expect(sessions.map((s) => s.token)).toContain(phoneToken);

    const revoke = await laptop.post("/api/auth/revoke-session", { token: phoneToken });
    expect(revoke.status).toBe(200);
    expect((await phone.get("/api/me")).status).toBe(401);
    expect((await laptop.get("/api/me")).status).toBe(200);
  });

  test("changing the password keeps this device signed in and the new password works", async () => {
    const user = await signUp(app.client());
    const client = app.client();
    await signIn(client, user);
    const other = app.client();
    await signIn(other, user);

    const changed = await client.post("/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "A-brand-new-pass-9",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(200);
    expect((await other.get("/api/me")).status).toBe(401);
    expect((await signIn(app.client(), { email: user.email, password: user.password })).status).toBe(401);
    expect((await signIn(app.client(), { email: user.email, password: "A-brand-new-pass-9" })).status).toBe(200);
  });

  test("a cookie-carrying POST from another site, or with no Origin, is refused (CSRF)", async () => {
    const user = await signUp(app.client());
    const client = app.client();
    await signIn(client, user);

    const foreign = await client.post("/api/auth/sign-out", {}, { origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    const missing = await client.post("/api/auth/sign-out", {}, { origin: null });
    expect(missing.status).toBe(403);
    // Still signed in: neither request did anything.
    expect((await client.get("/api/me")).status).toBe(200);
  });
});

describe("password hashing", () => {
  async function storedHash(userId: string): Promise<string> {
    const [account] = await app.db
      .select({ password: schema.accounts.password })
      .from(schema.accounts)
      .where(eq(schema.accounts.userId, userId));
    return account?.password ?? "";
  }

  test("the standard cost (the default) stores Better Auth's scrypt and signs in with it; a test-cost hash never matches there", async () => {
    const standard = await startTestApp({ env: { PASSWORD_HASHING: "standard" }, database: app.database });
    try {
      const user = await signUp(standard.client());
      const hash = await storedHash(user.id);
      expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(hash.startsWith(TEST_HASH_PREFIX)).toBe(false);
      expect((await signIn(standard.client(), user)).status).toBe(200);
      expect((await signIn(standard.client(), { email: user.email, password: `${user.password}x` })).status).toBe(401);

      // An account hashed at the test cost (a copy of a test database, say) cannot sign in on a standard server.
      const cheap = await signUp(app.client());
      expect((await storedHash(cheap.id)).startsWith(TEST_HASH_PREFIX)).toBe(true);
      expect((await signIn(standard.client(), cheap)).status).toBe(401);
    } finally {
      await standard.close();
    }
  });

  test("the test cost (what the suites use) signs up and in, and refuses a wrong password", async () => {
    const user = await signUp(app.client());
    expect(await storedHash(user.id)).toMatch(/^test-scrypt\$[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect((await signIn(app.client(), user)).status).toBe(200);
    expect((await signIn(app.client(), { email: user.email, password: `${user.password}x` })).status).toBe(401);
  });
});

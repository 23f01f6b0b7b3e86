import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { SESSION_COOKIE, signIn, signUp, type SignedUpUser } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";
import { wrongCode } from "./helpers/totp";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** What an authenticator app does with the otpauth:// URI: read the secret and parameters, make codes. */
function authenticatorFor(totpURI: string): TOTP {
  const uri = new URL(totpURI);
  expect(uri.protocol).toBe("otpauth:");
  expect(uri.host).toBe("totp");
  const secret = uri.searchParams.get("secret");
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  return new TOTP({
    secret: Secret.fromBase32(secret!),
    algorithm: uri.searchParams.get("algorithm") ?? "SHA1",
    digits: Number(uri.searchParams.get("digits") ?? 6),
    period: Number(uri.searchParams.get("period") ?? 30),
  });
}

async function enableTotp(client: TestClient, user: SignedUpUser) {
  const enabled = await client.post("/api/auth/two-factor/enable", { password: user.password });
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const label = decodeURIComponent(new URL(totpURI).pathname);
  expect(label).toContain("Shepherd");
  expect(label).toContain(user.email);
  expect(new URL(totpURI).searchParams.get("issuer")).toBe("Shepherd");
  expect(backupCodes.length).toBeGreaterThanOrEqual(5);
  return { totp: authenticatorFor(totpURI), secret: new URL(totpURI).searchParams.get("secret")!, backupCodes };
}

describe("two-factor sign-in with TOTP", () => {
  test("enable, verify, then sign-in needs the code; a backup code works once; disable removes it", async () => {
    const client = app.client();
    const user = await signUp(client, { name: "Eli Carter" });

    // Enabling needs the password.
    const wrongPassword = await client.post("/api/auth/two-factor/enable", { password: "not-the-password" });
    expect(wrongPassword.status).toBe(400);

    const { totp, secret, backupCodes } = await enableTotp(client, user);
    // Not active until a code from the authenticator is confirmed.
    expect((await client.get("/api/me")).json().user.twoFactorEnabled).toBe(false);

    const badCode = await client.post("/api/auth/two-factor/verify-totp", { code: wrongCode(totp) });
    expect(badCode.status).toBe(401);
    const verified = await client.post("/api/auth/two-factor/verify-totp", { code: totp.generate() });
    expect(verified.status).toBe(200);
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.json().user.twoFactorEnabled).toBe(true);
    const [row] = await app.db.select().from(schema.twoFactors).where(eq(schema.twoFactors.userId, user.id));
    expect(row?.verified).toBe(true);
    // The secret is not stored in the clear.
    expect(row?.secret).not.toContain(secret);

    // Sign-in now stops at the second factor: no session until the code is given.
    const laptop = app.client();
    const first = await signIn(laptop, user);
    expect(first.status).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(laptop.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await laptop.get("/api/me")).status).toBe(401);
    const wrong = await laptop.post("/api/auth/two-factor/verify-totp", { code: wrongCode(totp) });
    expect(wrong.status).toBe(401);
    expect((await laptop.get("/api/me")).status).toBe(401);
    const completed = await laptop.post("/api/auth/two-factor/verify-totp", { code: totp.generate() });
    expect(completed.status).toBe(200);
    expect(laptop.cookies.has(SESSION_COOKIE)).toBe(true);
    expect((await laptop.get("/api/me")).json().user.id).toBe(user.id);

    // Lost phone: a backup code completes the sign-in, and only once.
    const phone = app.client();
    expect((await signIn(phone, user)).json().twoFactorRedirect).toBe(true);
    const backup = await phone.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] });
    expect(backup.status).toBe(200);
    expect((await phone.get("/api/me")).json().user.id).toBe(user.id);
    const tablet = app.client();
    expect((await signIn(tablet, user)).json().twoFactorRedirect).toBe(true);
    const reused = await tablet.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] });
    expect(reused.status).toBe(401);
    expect((await tablet.get("/api/me")).status).toBe(401);

    // A challenge cannot be answered without first passing the password step.
    const stranger = app.client();
    const noChallenge = await stranger.post("/api/auth/two-factor/verify-totp", { code: totp.generate() });
    expect(noChallenge.status).toBe(401);
    expect((await stranger.get("/api/me")).status).toBe(401);

    // Disable (needs the password); sign-in is one step again.
    expect((await laptop.post("/api/auth/two-factor/disable", { password: "not-the-password" })).status).toBe(400);
    const disabled = await laptop.post("/api/auth/two-factor/disable", { password: user.password });
    expect(disabled.status).toBe(200);
    expect(disabled.json()).toEqual({ status: true });
    expect(await app.db.select().from(schema.twoFactors).where(eq(schema.twoFactors.userId, user.id))).toEqual([]);
    expect((await laptop.get("/api/me")).json().user.twoFactorEnabled).toBe(false);

    const plain = app.client();
    const again = await signIn(plain, user);
    expect(again.status).toBe(200);
    expect(again.json().twoFactorRedirect).toBeUndefined();
    expect((await plain.get("/api/me")).json().user).toMatchObject({ id: user.id, twoFactorEnabled: false });
  });

  test("a code that finished one sign-in cannot finish another (issue 19)", async () => {
    // Better Auth allows 3 two-factor calls per 10 s from one address: each device has its own.
    const client = app.client({ localAddress: "127.0.22.1" });
    const user = await signUp(client, { name: "Asa Ward" });
    const { totp } = await enableTotp(client, user);
    expect((await client.post("/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);

    const laptop = app.client({ localAddress: "127.0.22.2" });
    const phone = app.client({ localAddress: "127.0.22.3" });
    expect((await signIn(laptop, user)).json().twoFactorRedirect).toBe(true);
    expect((await signIn(phone, user)).json().twoFactorRedirect).toBe(true);
    const code = totp.generate();
    expect((await laptop.post("/api/auth/two-factor/verify-totp", { code })).status).toBe(200);
    const sessionsBefore = await app.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    const replayed = await phone.post("/api/auth/two-factor/verify-totp", { code });
    expect(replayed.status).toBe(401);
    expect(replayed.json().error.message).toMatch(/already used to sign in/);
    expect(phone.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await phone.get("/api/me")).status).toBe(401);
    // The sign-in it would have made was undone: no session more than before.
    expect(await app.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toHaveLength(
      sessionsBefore.length,
    );
    expect((await laptop.get("/api/me")).json().user.id).toBe(user.id);
  });

  test("wrong codes for one account from many addresses make its next code wait, then it works (issue 19)", async () => {
    const owner = app.client({ localAddress: "127.0.23.1" });
    const user = await signUp(owner, { name: "Caleb Stone" });
    const { totp } = await enableTotp(owner, user);
    expect((await owner.post("/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);

    // A guesser who knows the password: a new pending sign-in from a new address for every wrong code.
    // The first five are free.
    for (let i = 0; i < 5; i++) {
      const device = app.client({ localAddress: `127.0.23.${10 + i}` });
      expect((await signIn(device, user)).json().twoFactorRedirect).toBe(true);
      const wrong = await device.post("/api/auth/two-factor/verify-totp", { code: wrongCode(totp) });
      expect(wrong.status, wrong.text).toBe(401);
    }
    const key = `two-factor-failures:${user.id}`;
    const counted = async () => (await app.db.select().from(schema.throttles).where(eq(schema.throttles.key, key)))[0];
    expect((await counted())?.count, "every address's wrong code counts for the one account").toBe(5);

    // The next code, even the right one, must wait (1 s after 5 failures, doubling with each more; the last failure is
    // made "now" so that a slow machine does not outlast the wait), and says so.
    await app.db.update(schema.throttles).set({ lastRequest: Date.now() }).where(eq(schema.throttles.key, key));
    const member = app.client({ localAddress: "127.0.23.30" });
    expect((await signIn(member, user)).json().twoFactorRedirect).toBe(true);
    const waiting = await member.post("/api/auth/two-factor/verify-totp", { code: totp.generate() });
    expect(waiting.status).toBe(429);
    expect(waiting.json().error.message).toMatch(/^Too many wrong codes for this account\. Wait 1 second and try again/);
    expect((await member.get("/api/me")).status).toBe(401);
    // A backup code waits too: one count for both kinds of code.
    const backup = await member.post("/api/auth/two-factor/verify-backup-code", { code: "whatever-code" });
    expect(backup.status).toBe(429);

    // Once the wait is over (the last failure moved 5 s back), the right code signs him in and the count is cleared.
    await app.db
      .update(schema.throttles)
      .set({ lastRequest: Date.now() - 5_000 })
      .where(eq(schema.throttles.key, key));
    const later = app.client({ localAddress: "127.0.23.31" });
    expect((await signIn(later, user)).json().twoFactorRedirect).toBe(true);
    const code = totp.generate({ timestamp: Date.now() + totp.period * 1000 });
    expect((await later.post("/api/auth/two-factor/verify-totp", { code })).status).toBe(200);
    expect((await later.get("/api/me")).json().user.id).toBe(user.id);
    expect(await counted()).toBeUndefined();
  });

  test("two-factor settings need a signed-in session", async () => {
    const anonymous = app.client();
    expect((await anonymous.post("/api/auth/two-factor/enable", { password: "whatever-123" })).status).toBe(401);
    expect((await anonymous.post("/api/auth/two-factor/disable", { password: "whatever-123" })).status).toBe(401);
  });
});

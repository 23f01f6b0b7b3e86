import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { pruneOldRows, THROTTLE_DAYS } from "../src/jobs/housekeeping";
import { startTestApp, type TestApp } from "./helpers/app";
import { signIn, signUp, type SignedUpUser } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";
import { wrongCode } from "./helpers/totp";

/**
 * Issue 39: Better Auth's rate limiter, when a bucket's window is over, deletes every row of its rate_limits table that
 * has been quiet for its longest window (60 s here). The per-account throttles (auth/throttle.ts) must outlast that.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const QUIET_MS = 61_000;

/** 61 s of quiet, as the database sees it: every counter's last event, Better Auth's and ours, moved that far back. */
async function quiet() {
  await app.db.execute(sql`update rate_limits set last_request = last_request - ${QUIET_MS}`);
  await app.db.execute(sql`update throttles set last_request = last_request - ${QUIET_MS}`);
}

/** Better Auth's own bucket for an address and endpoint (its clean-up, when it ran, took the quiet ones away). */
async function bucket(address: string, endpoint = "/sign-in/email") {
  const rows = await app.db.execute(sql`select count from rate_limits where key = ${`${address}|${endpoint}`}`);
  return rows.rows[0];
}

async function enableTotp(client: TestClient, user: SignedUpUser): Promise<TOTP> {
  const enabled = await client.post("/api/auth/two-factor/enable", { password: user.password });
  expect(enabled.status).toBe(200);
  const uri = new URL((enabled.json() as { totpURI: string }).totpURI);
  const totp = new TOTP({ secret: Secret.fromBase32(uri.searchParams.get("secret")!) });
  expect((await client.post("/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);
  return totp;
}

describe("per-account throttles after 60 s of quiet and Better Auth's clean-up", () => {
  test("wrong passwords are still counted: the next attempt after one more waits", async () => {
    const user = await signUp(app.client({ localAddress: "127.0.24.1" }));
    const from = (host: number) => app.client({ localAddress: `127.0.24.${host}` });
    for (let i = 0; i < 5; i++) {
      expect((await signIn(from(10 + i), { email: user.email, password: `Wrong-guess-${i}` })).status).toBe(401);
    }

    await quiet();
    // A sign-in from an address whose bucket is over: Better Auth starts it afresh and cleans up the quiet rows.
    expect((await signIn(from(10), { email: user.email, password: "Wrong-guess-6" })).status).toBe(401);
    expect(await bucket("127.0.24.11"), "Better Auth's clean-up ran").toBeUndefined();

    // Six failures within the throttle's window: even the right password waits (2 s after the sixth).
    const waiting = await signIn(from(20), user);
    expect(waiting.status).toBe(429);
    expect(waiting.json().error.message).toMatch(/^Too many wrong passwords for this account\. Wait 2 seconds and try again/);
  });

  test("wrong two-step codes are still counted: the next code after one more waits", async () => {
    const owner = app.client({ localAddress: "127.0.25.1" });
    const user = await signUp(owner);
    const totp = await enableTotp(owner, user);
    const pending = async (host: number) => {
      const device = app.client({ localAddress: `127.0.25.${host}` });
      expect((await signIn(device, user)).json().twoFactorRedirect).toBe(true);
      return device;
    };
    for (let i = 0; i < 5; i++) {
      const device = await pending(10 + i);
      expect((await device.post("/api/auth/two-factor/verify-totp", { code: wrongCode(totp) })).status).toBe(401);
    }

    await quiet();
    const again = await pending(10); // its bucket is over: Better Auth cleans up
    expect(await bucket("127.0.25.11"), "Better Auth's clean-up ran").toBeUndefined();
    expect((await again.post("/api/auth/two-factor/verify-totp", { code: wrongCode(totp) })).status).toBe(401);

    const member = await pending(20);
    const waiting = await member.post("/api/auth/two-factor/verify-totp", { code: totp.generate() });
    expect(waiting.status).toBe(429);
    expect(waiting.json().error.message).toMatch(/^Too many wrong codes for this account\. Wait 2 seconds and try again/);
  });

  test("a code that finished a sign-in still cannot finish another", async () => {
    const owner = app.client({ localAddress: "127.0.26.1" });
    const user = await signUp(owner);
    const totp = await enableTotp(owner, user);
    // The next period's code: one the enabling above did not use.
    const code = totp.generate({ timestamp: Date.now() + totp.period * 1000 });
    const first = app.client({ localAddress: "127.0.26.10" });
    expect((await signIn(first, user)).json().twoFactorRedirect).toBe(true);
    expect((await first.post("/api/auth/two-factor/verify-totp", { code })).status).toBe(200);

    await quiet();
    const second = app.client({ localAddress: "127.0.26.10" }); // its bucket is over: Better Auth cleans up
    expect((await signIn(second, user)).json().twoFactorRedirect).toBe(true);
    expect(await bucket("127.0.26.1", "/sign-up/email"), "Better Auth's clean-up ran").toBeUndefined();
    const reused = await second.post("/api/auth/two-factor/verify-totp", { code });
    expect(reused.status).toBe(401);
    expect(reused.json().error.message).toBe(
      "This code was already used to sign in. Wait for the next code in your authenticator app.",
    );
    expect((await second.get("/api/me")).status).toBe(401);
  });
});

describe("the throttles' own clean-up", () => {
  test("the daily housekeeping deletes counters quiet for a day and keeps the others", async () => {
    const now = Date.now();
    const dayMs = THROTTLE_DAYS * 24 * 60 * 60 * 1000;
    await app.db.insert(schema.throttles).values([
      { key: "sign-in-failures:old@example.com", count: 7, lastRequest: now - dayMs - 1000 },
      { key: "sign-in-failures:recent@example.com", count: 7, lastRequest: now - dayMs + 60_000 },
    ]);
    expect((await pruneOldRows(app.db, new Date(now))).throttles).toBe(1);
    const keys = (await app.db.select({ key: schema.throttles.key }).from(schema.throttles)).map((row) => row.key);
    expect(keys).toContain("sign-in-failures:recent@example.com");
    expect(keys).not.toContain("sign-in-failures:old@example.com");
  });
});

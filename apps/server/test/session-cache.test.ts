import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app";
import { SESSION_COOKIE, signIn, signUp } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

// Better Auth's signed session cookie cache (SESSION_CACHE_SECONDS, off by default, turned on here): within its lifetime a request is
// answered from the signed cookie without reading the session. The rest of the suite runs with it off.
const CACHE_COOKIE = "shepherd.session_data";

let app: TestApp;
let shortLived: TestApp;

beforeAll(async () => {
  // A long lifetime, so that "served from the cache" does not depend on how fast this machine is...
  app = await startTestApp({ env: { SESSION_CACHE_SECONDS: "600" } });
  // ...and a one-second one (on the same database), to see a revoked session stop working once its cache is over.
  shortLived = await startTestApp({ env: { SESSION_CACHE_SECONDS: "1" }, database: app.database });
});
afterAll(async () => {
  await shortLived?.close();
  await app?.close();
});

const tokenOf = (client: TestClient) => decodeURIComponent(client.cookies.get(SESSION_COOKIE)!).split(".")[0]!;

async function twoDevices(on: TestApp) {
  const user = await signUp(on.client());
  const laptop = on.client();
  const phone = on.client();
  expect((await signIn(laptop, user)).status).toBe(200);
  expect((await signIn(phone, user)).status).toBe(200);
  return { user, laptop, phone };
}

describe("the session cookie cache", () => {
  test("signing in sends the signed cache cookie beside the session token", async () => {
    const { phone } = await twoDevices(app);
    expect(phone.cookies.has(CACHE_COOKIE)).toBe(true);
    expect((await phone.get("/api/me")).status).toBe(200);
  });

  test("a session revoked on another device is answered from its cache only: without it, not at all", async () => {
    const { laptop, phone } = await twoDevices(app);
    expect((await laptop.post("/api/auth/revoke-session", { token: tokenOf(phone) })).status).toBe(200);
    // Within the cache's lifetime the phone's signed cache still vouches for it (the documented trade-off)...
    expect((await phone.get("/api/me")).status).toBe(200);
    // ...but the token alone is read in the database, where the session is gone.
    const tokenOnly = app.client();
    tokenOnly.cookies.set(SESSION_COOKIE, phone.cookies.get(SESSION_COOKIE)!);
    expect((await tokenOnly.get("/api/me")).status).toBe(401);
    expect((await laptop.get("/api/me")).status).toBe(200);
  });

  test("a session revoked on another device stops working when its cache's lifetime is over", async () => {
    const { laptop, phone } = await twoDevices(shortLived);
    expect((await phone.get("/api/me")).status).toBe(200);
    expect((await laptop.post("/api/auth/revoke-session", { token: tokenOf(phone) })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await phone.get("/api/me");
    expect(after.status).toBe(401);
    expect(phone.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await laptop.get("/api/me")).status).toBe(200);
  });

  test("signing out works at once on this device", async () => {
    const { phone } = await twoDevices(app);
    expect((await phone.get("/api/me")).status).toBe(200);
    expect((await phone.post("/api/auth/sign-out", {})).status).toBe(200);
    expect(phone.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(phone.cookies.has(CACHE_COOKIE)).toBe(false);
    expect((await phone.get("/api/me")).status).toBe(401);
  });

  test("deleting the account signs this device out at once", async () => {
    const { phone } = await twoDevices(app);
    expect((await phone.delete("/api/account", { confirm: "DELETE" })).status).toBe(200);
    expect(phone.cookies.has(CACHE_COOKIE)).toBe(false);
    expect((await phone.get("/api/me")).status).toBe(401);
  });

  test("a rename shows in /api/me at once, though the cache holds the old name", async () => {
    const { phone } = await twoDevices(app);
    expect((await phone.patch("/api/profile", { display_name: "Brother Renamed" })).status).toBe(200);
    const me = (await phone.get("/api/me")).json();
    expect(me.user.name).toBe("Brother Renamed");
    expect(me.profile.display_name).toBe("Brother Renamed");
  });

  test("another session's cache cookie is not taken for this session", async () => {
    const alice = await twoDevices(app);
    const bob = await twoDevices(app);
    const mixed = app.client();
    mixed.cookies.set(SESSION_COOKIE, alice.phone.cookies.get(SESSION_COOKIE)!);
    mixed.cookies.set(CACHE_COOKIE, bob.phone.cookies.get(CACHE_COOKIE)!);
    expect((await mixed.get("/api/me")).json().user.id).toBe(alice.user.id);
  });

  test("a tampered cache cookie is not trusted", async () => {
    const { user, phone } = await twoDevices(app);
    const forged = app.client();
    forged.cookies.set(SESSION_COOKIE, phone.cookies.get(SESSION_COOKIE)!);
    const cache = JSON.parse(Buffer.from(phone.cookies.get(CACHE_COOKIE)!, "base64url").toString("utf8"));
    cache.session.user.role = "admin";
    forged.cookies.set(CACHE_COOKIE, Buffer.from(JSON.stringify(cache)).toString("base64url"));
    const me = await forged.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.json().user.id).toBe(user.id);
    expect(me.json().isAdmin).toBe(false);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { SESSION_COOKIE, signUp, type SignedUpUser } from "./helpers/auth";
import type { RequestOptions, TestClient } from "./helpers/http-client";
import { multipart, TINY_PNG } from "./helpers/upload";

let app: TestApp;
let alice: TestClient;
let bob: TestClient;
let userA: SignedUpUser;
let userB: SignedUpUser;

beforeAll(async () => {
  app = await startTestApp();
  alice = app.client();
  bob = app.client();
  userA = await signUp(alice, { name: "Alice Private" });
  userB = await signUp(bob, { name: "Bob Other" });
  expect(
    (
      await alice.patch("/api/profile", {
        username: `alice_${userA.id.slice(0, 8)}`,
        focus: ["prayer"],
        current_topics: ["grief"],
      })
    ).status,
  ).toBe(200);
  expect(
    (await alice.post("/api/functions/track-user-activity", { action_type: "alice_secret_action", page_route: "/journal" }))
      .status,
  ).toBe(201);
  expect((await bob.post("/api/functions/track-user-activity", { action_type: "bob_action" })).status).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

describe("one person cannot see or change another's data", () => {
  test("/api/me of B shows B only", async () => {
    const me = await bob.get("/api/me");
    expect(me.json().user).toMatchObject({ id: userB.id, email: userB.email, name: "Bob Other" });
    expect(me.json().profile.id).toBe(userB.id);
    expect(me.text).not.toContain(userA.id);
    expect(me.text).not.toContain(userA.email);
    expect(me.text).not.toContain("Alice");
  });

  test("PATCH /api/profile only touches the caller's own row, and cannot name another row", async () => {
    const [aliceBefore] = await app.db.select().from(schema.profiles).where(eq(schema.profiles.id, userA.id));

    const own = await bob.patch("/api/profile", { display_name: "Bob Renamed", focus: ["work"] });
    expect(own.status).toBe(200);
    expect(own.json().id).toBe(userB.id);

    for (const body of [
      { id: userA.id, display_name: "Hacked" },
      { user_id: userA.id, display_name: "Hacked" },
    ]) {
      const response = await bob.patch("/api/profile", body);
      expect(response.status).toBe(400);
      expect(response.json().error.message).toMatch(/^Unknown field/);
    }
    const [aliceAfter] = await app.db.select().from(schema.profiles).where(eq(schema.profiles.id, userA.id));
    expect(aliceAfter).toEqual(aliceBefore);
    const [aliceUser] = await app.db.select().from(schema.users).where(eq(schema.users.id, userA.id));
    expect(aliceUser?.name).toBe("Alice Private");
  });

  test("the export contains only the caller's rows", async () => {
    const exported = await bob.get("/api/account/export");
    expect(exported.status).toBe(200);
    const data = exported.json();
    expect(data.account.id).toBe(userB.id);
    expect(data.profile.id).toBe(userB.id);
    expect(data.activity_events.map((e: { action_type: string }) => e.action_type)).toEqual(["bob_action"]);
    expect(exported.text).not.toContain(userA.id);
    expect(exported.text).not.toContain(userA.email);
    expect(exported.text).not.toContain("alice_secret_action");
  });

  test("a public profile shows no email or private topics, and avatar deletion only affects one's own", async () => {
    const { body, contentType } = await multipart({ avatar: { bytes: TINY_PNG, filename: "a.png", type: "image/png" } });
    const uploaded = await alice.request("POST", "/api/profile/avatar", { body, headers: { "content-type": contentType } });
    const aliceAvatar = uploaded.json().avatar_url as string;

    expect((await bob.delete("/api/profile/avatar")).status).toBe(200);
    expect((await alice.get("/api/me")).json().profile.avatar_url).toBe(aliceAvatar);
    expect((await alice.get(aliceAvatar)).status).toBe(200);

    const seen = (await bob.get(`/api/profiles/${userA.id}`)).json();
    expect(Object.keys(seen).sort()).toEqual([
      "avatar_url",
      "display_name",
      "focus",
      "id",
      "is_me",
      "joined_at",
      "streak",
      "username",
    ]);
    expect(seen.streak).toBeNull();
  });

  test("the welcome email cannot be sent to someone else's address", async () => {
    const response = await bob.post("/api/functions/send-welcome-email", { email: userA.email, displayName: "Alice" });
    expect(response.status).toBe(403);
  });

  test("B's session cannot revoke A's session", async () => {
    const aliceToken = alice.cookies.get(SESSION_COOKIE)!.split(".")[0]!;
    await bob.post("/api/auth/revoke-session", { token: aliceToken });
    expect((await alice.get("/api/me")).status).toBe(200);
    const bobSessions = (await bob.get("/api/auth/list-sessions")).json() as { userId: string }[];
    expect(bobSessions.every((s) => s.userId === userB.id)).toBe(true);
  });

  test("deleting B's account leaves A untouched", async () => {
    const deleted = await bob.delete("/api/account", { confirm: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await alice.get("/api/me")).json().user.id).toBe(userA.id);
    const rows = await app.db.select().from(schema.activityEvents).where(eq(schema.activityEvents.userId, userA.id));
    expect(rows.map((r) => r.actionType)).toEqual(["alice_secret_action"]);
  });
});

describe("signed-out callers get 401 on every protected route", () => {
  const protectedRoutes: [string, string, RequestOptions?][] = [
    ["GET", "/api/me"],
    ["PATCH", "/api/profile", { json: { display_name: "Nobody" } }],
    ["GET", "/api/profile/username-availability?username=someone"],
    ["POST", "/api/profile/avatar", { body: "x", headers: { "content-type": "multipart/form-data; boundary=x" } }],
    ["DELETE", "/api/profile/avatar"],
    ["POST", "/api/onboarding/complete"],
    ["GET", "/api/profiles/00000000-0000-0000-0000-000000000000"],
    ["GET", "/api/files/avatars/someone/00000000-0000-0000-0000-000000000000.png"],
    ["POST", "/api/functions/track-user-activity", { json: { action_type: "x" } }],
    ["POST", "/api/functions/send-welcome-email", { json: { email: "a@example.com", displayName: "A" } }],
    ["GET", "/api/account/export"],
    ["DELETE", "/api/account", { json: { confirm: "DELETE" } }],
    ["GET", "/api/auth/token"],
    ["GET", "/api/auth/list-sessions"],
    ["POST", "/api/auth/revoke-session", { json: { token: "x" } }],
    ["POST", "/api/auth/change-password", { json: { currentPassword: "x", newPassword: "Long-enough-1" } }],
    ["POST", "/api/auth/two-factor/enable", { json: { password: "x" } }],
  ];

  test.each(protectedRoutes)("%s %s", async (method, path, options) => {
    const anonymous = app.client();
    const response = await anonymous.request(method, path, options);
    expect(response.status).toBe(401);

    // A made-up session cookie is no better than none.
    const forged = app.client();
    forged.cookies.set(SESSION_COOKIE, "forged-token.forged-signature");
    expect((await forged.request(method, path, options)).status).toBe(401);
  });

  test("our own routes answer 401 with a message to sign in", async () => {
    const response = await app.client().get("/api/me");
    expect(response.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "Please sign in to continue." } });
  });
});

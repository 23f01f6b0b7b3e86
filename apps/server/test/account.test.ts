import { eq, like, or } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema, type Database } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { linkIn, readOutbox, signIn, signUp } from "./helpers/auth";
import { TestClient } from "./helpers/http-client";
import { multipart, TINY_PNG } from "./helpers/upload";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function rowsOf(db: Database, userId: string, email: string) {
  const [users, profiles, sessions, accounts, activity, twoFactors, mail, verifications, throttles] = await Promise.all([
    db.select().from(schema.users).where(eq(schema.users.id, userId)),
    db.select().from(schema.profiles).where(eq(schema.profiles.id, userId)),
    db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId)),
    db.select().from(schema.accounts).where(eq(schema.accounts.userId, userId)),
    db.select().from(schema.activityEvents).where(eq(schema.activityEvents.userId, userId)),
    db.select().from(schema.twoFactors).where(eq(schema.twoFactors.userId, userId)),
    db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, email)),
    // Reset links and sign-in challenges are keyed by token and hold the user's id as their value.
    db.select().from(schema.verifications).where(eq(schema.verifications.value, userId)),
    // The per-account throttles are keyed by his email or id (wrong passwords, wrong codes, codes used).
    db
      .select()
      .from(schema.throttles)
      .where(or(like(schema.throttles.key, `%${email.toLowerCase()}%`), like(schema.throttles.key, `%${userId}%`))),
  ]);
  return {
    users: users.length,
    profiles: profiles.length,
    sessions: sessions.length,
    accounts: accounts.length,
    activity_events: activity.length,
    two_factors: twoFactors.length,
    mail_outbox: mail.length,
    verifications: verifications.length,
    throttles: throttles.length,
  };
}

describe("download my data", () => {
  test("the export has the account, profile, sessions and activity, as a JSON download", async () => {
    const client = app.client();
    const user = await signUp(client, { name: "Export Me" });
    await client.patch("/api/profile", { focus: ["bible_study"], current_topics: ["reading_scripture"] });
    await client.post("/api/functions/track-user-activity", {
      action_type: "devotional_completed",
      page_route: "/",
      metadata: { day: 3 },
    });
    await client.post("/api/functions/track-user-activity", { action_type: "journal_saved", page_route: "/journal" });

    const response = await client.get("/api/account/export");
    expect(response.status).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="shepherd-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers["cache-control"]).toBe("no-store");
    const data = response.json();
    expect(data.format).toBe("shepherd-export/1");
    expect(data.account).toMatchObject({
      id: user.id,
      email: user.email,
      name: "Export Me",
      two_factor_enabled: false,
      role: "user",
    });
    expect(data.profile).toMatchObject({
      id: user.id,
      displayName: "Export Me",
      focus: ["bible_study"],
      currentTopics: ["reading_scripture"],
    });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions[0]).toHaveProperty("ip_address", "127.0.0.1");
    expect(data.activity_events).toHaveLength(2);
    expect(data.activity_events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action_type: "devotional_completed", page_route: "/", metadata: { day: 3 } }),
        expect.objectContaining({ action_type: "journal_saved", page_route: "/journal", metadata: {} }),
      ]),
    );
    // Secrets are not part of it.
    expect(response.text).not.toContain(user.password);
    expect(JSON.stringify(data)).not.toMatch(/"password"|"token"|"secret"/);
  });
});

describe("delete my account", () => {
  test("removes every row of the person and their avatar file; another person is untouched", async () => {
    const client = app.client();
    const user = await signUp(client, { name: "Leaving Soon" });
    const stay = app.client();
    const stayer = await signUp(stay, { name: "Staying Put" });

    // Give the leaving person something in every table.
    await client.post("/api/functions/track-user-activity", { action_type: "page_view" });
    await client.post("/api/functions/send-welcome-email", { email: user.email, displayName: "Leaving Soon" });
    await client.post("/api/error-reports", { message: "boom" });
    // A reset link asked for just before leaving must not outlive the account.
    await app.client().post("/api/auth/request-password-reset", { email: user.email, redirectTo: `${app.url}/auth` });
    const resetLink = linkIn((await readOutbox(app.db, user.email)).find((m) => m.kind === "password_reset")!.text);
    const { body, contentType } = await multipart({ avatar: { bytes: TINY_PNG, filename: "a.png", type: "image/png" } });
    const avatarUrl = (
      await client.request("POST", "/api/profile/avatar", { body, headers: { "content-type": contentType } })
    ).json().avatar_url as string;
    const avatarFile = path.join(app.dataDir, "storage", avatarUrl.slice("/api/files/".length));
    expect(fs.existsSync(avatarFile)).toBe(true);
    const enabled = (await client.post("/api/auth/two-factor/enable", { password: user.password })).json();
    const secret = new URL(enabled.totpURI as string).searchParams.get("secret")!;
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    expect((await client.post("/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);
    const otherDevice = new TestClient(app.url);
    await signIn(otherDevice, user);
    expect((await otherDevice.post("/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);
    // A wrong password: the account's throttle counts it.
    expect((await signIn(new TestClient(app.url), { email: user.email, password: "not-his-password" })).status).toBe(401);

    await stay.post("/api/functions/track-user-activity", { action_type: "page_view" });
    const stayerBefore = await rowsOf(app.db, stayer.id, stayer.email);

    const before = await rowsOf(app.db, user.id, user.email);
    expect(before).toMatchObject({ users: 1, profiles: 1, accounts: 1, activity_events: 1, two_factors: 1, mail_outbox: 2 });
    expect(before.verifications).toBeGreaterThanOrEqual(1);
    expect(before.sessions).toBeGreaterThanOrEqual(2);
    // The code that finished his second sign-in, and the wrong password's count.
    expect(before.throttles).toBe(2);

    // The confirmation must be typed exactly.
    const unconfirmed = await client.delete("/api/account", { confirm: "delete" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.json().error.message).toBe('confirm: Type "DELETE" to confirm');
    expect((await rowsOf(app.db, user.id, user.email)).users).toBe(1);

    const deleted = await client.delete("/api/account", { confirm: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });

    expect(await rowsOf(app.db, user.id, user.email)).toEqual({
      users: 0,
      profiles: 0,
      sessions: 0,
      accounts: 0,
      activity_events: 0,
      two_factors: 0,
      mail_outbox: 0,
      verifications: 0,
      throttles: 0,
    });
    expect(fs.existsSync(avatarFile)).toBe(false);
    // Error reports are kept for the admin's health page, but no longer name the person.
    const reports = await app.db.select().from(schema.errorReports).where(eq(schema.errorReports.message, "boom"));
    expect(reports.map((r) => r.userId)).toEqual([null]);

    // Every device is signed out and the email no longer signs in.
    expect((await client.get("/api/me")).status).toBe(401);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect((await signIn(app.client(), user)).status).toBe(401);
    const token = new URL((await app.client().get(resetLink, { origin: null })).headers.location!, app.url).searchParams.get(
      "token",
    );
    expect(token).toBeNull();

    expect(await rowsOf(app.db, stayer.id, stayer.email)).toEqual(stayerBefore);
    expect((await stay.get("/api/me")).json().user.id).toBe(stayer.id);

    // The address can be used for a new account afterwards.
    const again = await signUp(app.client(), { email: user.email });
    expect(again.id).not.toBe(user.id);
    expect(await readOutbox(app.db, user.email)).toEqual([]);
  });
});

import { eq } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AVATAR_MAX_BYTES } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";
import { multipart, TINY_PNG } from "./helpers/upload";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

function uniqueUsername(prefix: string): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 8)}`;
}

async function uploadAvatar(client: TestClient, file: { bytes: Uint8Array | string; filename: string; type: string }) {
  const { body, contentType } = await multipart({ avatar: file });
  return client.request("POST", "/api/profile/avatar", { body, headers: { "content-type": contentType } });
}

/** Where the local storage provider keeps a file served at /api/files/KEY. */
function storedFile(avatarUrl: string): string {
  return path.join(app.dataDir, "storage", avatarUrl.slice("/api/files/".length));
}

describe("profile fields", () => {
  test("a person updates name, username, focus and topics and sees them back", async () => {
    const client = app.client();
    const user = await signUp(client, { name: "Old Name" });
    const username = uniqueUsername("Jonah");

    const patched = await client.patch("/api/profile", {
      display_name: "  Jonah Miller  ",
      username,
      focus: ["prayer", "marriage", "prayer"],
      current_topics: ["new_father", "work_pressure"],
    });
    expect(patched.status).toBe(200);
    expect(patched.json()).toEqual({
      id: user.id,
      display_name: "Jonah Miller",
      username: username.toLowerCase(),
      avatar_url: null,
      focus: ["prayer", "marriage"],
      current_topics: ["new_father", "work_pressure"],
      onboarding_completed_at: null,
      share_streak: false,
    });

    const me = (await client.get("/api/me")).json();
    expect(me.profile).toEqual(patched.json());
    // The account's name follows the display name.
    expect(me.user.name).toBe("Jonah Miller");

    // A partial update leaves the other fields alone.
    const partial = await client.patch("/api/profile", { current_topics: [] });
    expect(partial.json()).toMatchObject({ display_name: "Jonah Miller", focus: ["prayer", "marriage"], current_topics: [] });
  });

  test("out-of-range values are refused with the spec's messages", async () => {
    const client = app.client();
    await signUp(client, { name: "Steady Name" });
    const cases: [unknown, string][] = [
      [{ display_name: "J" }, "display_name: Name must be at least 2 characters"],
      [{ display_name: "x".repeat(51) }, "display_name: Name must be 50 characters or less"],
      [{ focus: ["golf"] }, "focus.0: Choose focus areas from the list"],
      [{ current_topics: ["anything"] }, "current_topics.0: Choose topics from the list"],
      [{ username: "ab" }, "username: Username must be at least 3 characters"],
      [{ username: "no spaces!" }, "username: Username can use only letters, numbers and underscores"],
    ];
    for (const [body, message] of cases) {
      const response = await client.patch("/api/profile", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatchObject({ code: "BAD_REQUEST", message });
    }
    expect((await client.get("/api/me")).json().profile.display_name).toBe("Steady Name");
  });
});

describe("usernames", () => {
  test("a username belongs to one person, whatever the letter case (409 with a clear message)", async () => {
    const a = app.client();
    const b = app.client();
    await signUp(a);
    const userB = await signUp(b);
    const username = uniqueUsername("shepherd");
    expect((await a.patch("/api/profile", { username })).status).toBe(200);

    const taken = await b.patch("/api/profile", { username: username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.json()).toEqual({ error: { code: "CONFLICT", message: "That username is taken. Please choose another." } });
    const [rowB] = await app.db.select().from(schema.profiles).where(eq(schema.profiles.id, userB.id));
    expect(rowB?.username).toBeNull();

    // Setting your own username again is fine.
    expect((await a.patch("/api/profile", { username })).status).toBe(200);
  });

  test("availability answers for the asking person", async () => {
    const a = app.client();
    const b = app.client();
    await signUp(a);
    await signUp(b);
    const username = uniqueUsername("grace");
    await a.patch("/api/profile", { username });

    const check = async (client: TestClient, name: string) => {
      const response = await client.get(`/api/profile/username-availability?username=${encodeURIComponent(name)}`);
      expect(response.status).toBe(200);
      return response.json();
    };
    expect(await check(b, username.toUpperCase())).toEqual({ username, available: false, reason: "That username is taken." });
    expect(await check(a, username)).toEqual({ username, available: true, reason: null });
    const free = uniqueUsername("free");
    expect(await check(b, free)).toEqual({ username: free, available: true, reason: null });
    expect(await check(b, "ab")).toMatchObject({ available: false, reason: "Username must be at least 3 characters" });
    expect(await check(b, "bad name")).toMatchObject({
      available: false,
      reason: "Username can use only letters, numbers and underscores",
    });

    const missing = await b.get("/api/profile/username-availability");
    expect(missing.status).toBe(400);
    expect(missing.json().error.message).toMatch(/username/);
  });
});

describe("avatars", () => {
  test("a real PNG is stored and served back at its URL; a new one replaces it; delete removes it", async () => {
    const client = app.client();
    const user = await signUp(client);

    const uploaded = await uploadAvatar(client, { bytes: TINY_PNG, filename: "me.png", type: "image/png" });
    expect(uploaded.status).toBe(200);
    const avatarUrl = uploaded.json().avatar_url as string;
    expect(avatarUrl).toMatch(new RegExp(`^/api/files/avatars/${user.id}/[0-9a-f-]{36}\\.png$`));
    expect((await client.get("/api/me")).json().profile.avatar_url).toBe(avatarUrl);

    const served = await client.get(avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    // The picture as stored: re-encoded (metadata stripped, issue 19), the same 1x1 PNG.
    expect(served.body.subarray(0, 8)).toEqual(TINY_PNG.subarray(0, 8));
    const kept = await sharp(served.body).metadata();
    expect([kept.format, kept.width, kept.height]).toEqual(["png", 1, 1]);
    expect(fs.existsSync(storedFile(avatarUrl))).toBe(true);

    // Another signed-in member sees it (it shows next to the person's posts); a visitor does not.
    const other = app.client();
    await signUp(other);
    expect((await other.get(avatarUrl)).status).toBe(200);
    expect((await app.client().get(avatarUrl)).status).toBe(401);

    const replaced = await uploadAvatar(client, { bytes: TINY_PNG, filename: "new.png", type: "image/png" });
    const newUrl = replaced.json().avatar_url as string;
    expect(newUrl).not.toBe(avatarUrl);
    expect((await client.get(avatarUrl)).status).toBe(404);
    expect(fs.existsSync(storedFile(avatarUrl))).toBe(false);

    const removed = await client.delete("/api/profile/avatar");
    expect(removed.status).toBe(200);
    expect(removed.json().avatar_url).toBeNull();
    expect((await client.get(newUrl)).status).toBe(404);
    expect(fs.existsSync(storedFile(newUrl))).toBe(false);
  });

  test("a text file renamed .png, other file types, a missing file and an oversized picture are refused", async () => {
    const client = app.client();
    await signUp(client);

    const renamed = await uploadAvatar(client, {
      bytes: "just some words, not a picture",
      filename: "photo.png",
      type: "image/png",
    });
    expect(renamed.status).toBe(400);
    expect(renamed.json().error.message).toBe("That file is not a picture we can use.");

    const text = await uploadAvatar(client, { bytes: "hello", filename: "notes.txt", type: "text/plain" });
    expect(text.status).toBe(415);
    expect(text.json().error.message).toBe("Your picture must be a PNG, JPEG, WebP or GIF image.");

    const svg = await uploadAvatar(client, {
      bytes: "<svg xmlns='http://www.w3.org/2000/svg'/>",
      filename: "x.svg",
      type: "image/svg+xml",
    });
    expect(svg.status).toBe(415);

    const { body, contentType } = await multipart({ note: "no file here" });
    const noFile = await client.request("POST", "/api/profile/avatar", { body, headers: { "content-type": contentType } });
    expect(noFile.status).toBe(400);
    expect(noFile.json().error.message).toBe("Choose a picture to upload (field avatar).");

    const asJson = await client.post("/api/profile/avatar", { avatar: "data:image/png;base64,AAAA" });
    expect(asJson.status).toBe(415);
    expect(asJson.json().error.message).toMatch(/multipart\/form-data/);

    const big = Buffer.concat([TINY_PNG, Buffer.alloc(AVATAR_MAX_BYTES + 1 - TINY_PNG.length)]);
    const tooBig = await uploadAvatar(client, { bytes: big, filename: "big.png", type: "image/png" });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json().error.message).toBe("Your picture must be 2 MB or smaller.");

    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const tooHuge = await uploadAvatar(client, { bytes: huge, filename: "huge.png", type: "image/png" });
    expect(tooHuge.status).toBe(413);
    expect(tooHuge.json().error.code).toBe("PAYLOAD_TOO_LARGE");

    expect((await client.get("/api/me")).json().profile.avatar_url).toBeNull();
  });
});

describe("onboarding", () => {
  test("finishing needs focus and a username; it then records when", async () => {
    const client = app.client();
    await signUp(client, { name: "New Member" });

    const noFocus = await client.post("/api/onboarding/complete");
    expect(noFocus.status).toBe(400);
    expect(noFocus.json().error.message).toBe("Please choose at least one focus area before finishing.");

    await client.patch("/api/profile", { focus: ["leadership"] });
    const noUsername = await client.post("/api/onboarding/complete");
    expect(noUsername.status).toBe(400);
    expect(noUsername.json().error.message).toBe("Please choose a username before finishing.");
    expect((await client.get("/api/me")).json().profile.onboarding_completed_at).toBeNull();

    await client.patch("/api/profile", { username: uniqueUsername("member") });
    const before = Date.now();
    const done = await client.post("/api/onboarding/complete");
    expect(done.status).toBe(200);
    const completedAt = done.json().onboarding_completed_at as string;
    expect(Date.parse(completedAt)).toBeGreaterThanOrEqual(before - 5_000);
    expect((await client.get("/api/me")).json().profile.onboarding_completed_at).toBe(completedAt);

    // Finishing twice keeps the first date.
    expect((await client.post("/api/onboarding/complete")).json().onboarding_completed_at).toBe(completedAt);
  });

  test("finishing needs a name", async () => {
    const client = app.client();
    const user = await signUp(client, { name: "Soon Nameless" });
    // Sign-up and PATCH both refuse short names, so only a row changed outside the API can lack one.
    await app.db.update(schema.profiles).set({ displayName: null }).where(eq(schema.profiles.id, user.id));
    await client.patch("/api/profile", { focus: ["prayer"], username: uniqueUsername("nameless") });
    const response = await client.post("/api/onboarding/complete");
    expect(response.status).toBe(400);
    expect(response.json().error.message).toBe("Please add your name before finishing.");
    expect((await client.get("/api/me")).json().profile.onboarding_completed_at).toBeNull();
  });
});

describe("public profiles", () => {
  test("another member sees name, username, avatar and focus, nothing private", async () => {
    const a = app.client();
    const b = app.client();
    const userA = await signUp(a, { name: "Visible Person" });
    await signUp(b);
    const username = uniqueUsername("visible");
    await a.patch("/api/profile", { username, focus: ["work"], current_topics: ["grief"] });

    const seen = await b.get(`/api/profiles/${userA.id}`);
    expect(seen.status).toBe(200);
    expect(seen.json()).toEqual({
      id: userA.id,
      display_name: "Visible Person",
      username,
      avatar_url: null,
      focus: ["work"],
      joined_at: expect.any(String),
      is_me: false,
      // Not shared (the default): another member does not see it.
      streak: null,
    });
    expect(seen.text).not.toContain(userA.email);
    expect(seen.text).not.toContain("grief");

    const unknown = await b.get("/api/profiles/00000000-0000-0000-0000-000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.json().error.message).toBe("That profile was not found.");

    // An @mention's link names the username: the same profile, any case.
    const byName = await b.get(`/api/profiles/@${username.toUpperCase()}`);
    expect(byName.status).toBe(200);
    expect(byName.json()).toEqual(seen.json());
    const nobody = await b.get("/api/profiles/@nobody_has_this_name");
    expect(nobody.status).toBe(404);
    expect(nobody.json().error.message).toBe("That profile was not found.");
  });
});

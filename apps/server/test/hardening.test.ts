import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PASSWORD_TOO_GUESSABLE } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { CONTROL_MESSAGE } from "../src/http/clean-input";
import { startTestApp, type TestApp } from "./helpers/app";
import { linkIn, readOutbox, signIn, signUp, uniqueEmail } from "./helpers/auth";
import { waitUntil } from "./helpers/built-server";
import { TestClient } from "./helpers/http-client";
import { openEventStream } from "./helpers/sse";
import { multipart, TINY_PNG } from "./helpers/upload";
import { PICTURE_QUOTA_BYTES, sweepUnattachedPictures } from "../src/providers/storage/member-files";
import { MAX_STREAMS_PER_MEMBER } from "../src/realtime/hub";

/** Issue 19, one test per point it names (the fuzz test in fuzz.test.ts covers bad input at large). */

let app: TestApp;
let adminEmail: string;
beforeAll(async () => {
  adminEmail = uniqueEmail("hardening-admin");
  app = await startTestApp({ env: { ADMIN_EMAILS: adminEmail } });
});
afterAll(async () => {
  await app?.close();
});

async function tokenFor(client: TestClient): Promise<string> {
  const response = await client.get("/api/auth/token");
  expect(response.status).toBe(200);
  return (response.json() as { token: string }).token;
}

/** Another program holding only the token (no cookie, no Origin). */
const bearer = () => new TestClient(app.url, { origin: null });
const withToken = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, withoutCookies: true });

describe("1. bad input is a 400 a person can act on", () => {
  test("NUL in a body, a query and a path, for our routes and Better Auth's", async () => {
    const client = app.client();
    await signUp(client);
    const body = await client.request("PATCH", "/api/profile", { json: { display_name: "Ab\u0000c" } });
    expect(body.status).toBe(400);
    expect(body.json().error.message).toBe(`display_name: ${CONTROL_MESSAGE}`);
    const query = await client.get("/api/journal?q=%00");
    expect(query.status).toBe(400);
    expect(query.json().error.message).toBe(`q: ${CONTROL_MESSAGE}`);
    expect((await client.get("/api/profiles/%00")).status).toBe(400);
    expect((await client.get("/api/billing/test-checkout/%00")).status).toBe(400);
    const broken = await client.get("/api/profiles/%E0%A4%A");
    expect(broken.status).toBe(400);
    expect(broken.json().error.message).toMatch(/broken %-escape/);
    const reset = await app.client().post("/api/auth/reset-password", { newPassword: "Long\u0000enough-1", token: "x" });
    expect(reset.status).toBe(400);
    expect(reset.json().error.message).toBe(`newPassword: ${CONTROL_MESSAGE}`);
    const anonymousReport = await app.client().post("/api/error-reports", { message: "boom\u0000", stack: "x" });
    expect(anonymousReport.status).toBe(400);
  });

  test("a cursor of the right shape with an impossible date, time, offset or id", async () => {
    const client = app.client();
    await signUp(client);
    const cursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString("base64url");
    const id = crypto.randomUUID();
    for (const at of ["2026-02-30 10:00:00+00", "2026-11-26 24:00:00+00", "2026-11-26 10:00:00+99", "0000-01-01 00:00:00+00"]) {
      for (const path of ["/api/journal", "/api/whispers", "/api/pasture/posts"]) {
        const response = await client.get(`${path}?cursor=${cursor(at, id)}`);
        expect(response.status, `${path} ${at}`).toBe(400);
      }
    }
    expect((await client.get(`/api/journal?cursor=${cursor("2026-11-26 10:00:00+00", "not-an-id")}`)).status).toBe(400);
  });
});

describe("2. admins get only the powers the admin area needs", () => {
  test("impersonation, setting a password, creating, listing and removing users are not served", async () => {
    const admin = app.client();
    await signUp(admin, { email: adminEmail });
    const member = await signUp(app.client());
    expect((await admin.get("/api/me")).json().isAdmin).toBe(true);
    const calls: Array<[string, string, unknown?]> = [
      ["POST", "/api/auth/admin/impersonate-user", { userId: member.id }],
      ["POST", "/api/auth/admin/set-user-password", { userId: member.id, newPassword: "Taken-over-2026" }],
      ["POST", "/api/auth/admin/create-user", { email: uniqueEmail(), password: "Made-by-admin-1", name: "Made Up" }],
      ["POST", "/api/auth/admin/remove-user", { userId: member.id }],
      ["GET", "/api/auth/admin/list-users"],
      ["POST", "/api/auth/update-user", { name: null }],
      ["POST", "/api/auth/update-user", { name: "x".repeat(60_000) }],
      ["POST", "/api/auth/delete-user", {}],
    ];
    for (const [method, path, json] of calls) {
      const response = await admin.request(method, path, json === undefined ? {} : { json });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const [row] = await app.db.select().from(schema.users).where(eq(schema.users.id, member.id));
    expect(row?.name).toBe(member.name);
    expect((await signIn(app.client(), member)).status).toBe(200);
  });
});

describe("3. a token ends with its session", () => {
  test("after sign-out", async () => {
    const client = app.client();
    await signUp(client);
    const token = await tokenFor(client);
    expect((await bearer().get("/api/me", withToken(token))).status).toBe(200);
    expect((await client.post("/api/auth/sign-out", {})).status).toBe(200);
    const after = await bearer().get("/api/me", withToken(token));
    expect(after.status).toBe(401);
    expect(after.json().error.message).toBe("This sign-in has ended. Please sign in again.");
    expect((await bearer().post("/api/journal", { content: "Still here?" }, withToken(token))).status).toBe(401);
  });

  test("after a password change, on this device and every other", async () => {
    const client = app.client();
    const user = await signUp(client);
    const otherDevice = app.client();
    await signIn(otherDevice, user);
    const mine = await tokenFor(client);
    const theirs = await tokenFor(otherDevice);
    const changed = await client.post("/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "Changed-it-2026",
    });
    expect(changed.status).toBe(200);
    expect((await bearer().get("/api/me", withToken(mine))).status).toBe(401);
    expect((await bearer().get("/api/me", withToken(theirs))).status).toBe(401);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    // This device keeps going with its new session (and new tokens).
    expect((await client.get("/api/me")).status).toBe(200);
    const fresh = await tokenFor(client);
    expect((await bearer().get("/api/me", withToken(fresh))).status).toBe(200);
  });

  test("after a password reset", async () => {
    const client = app.client();
    const user = await signUp(client);
    const token = await tokenFor(client);
    const redirectTo = `${app.url}/auth`;
    await app.client().post("/api/auth/request-password-reset", { email: user.email, redirectTo });
    const link = linkIn((await readOutbox(app.db, user.email)).find((m) => m.kind === "password_reset")!.text);
    const opened = await app.client().get(link, { origin: null });
    const resetToken = new URL(opened.headers.location!, link).searchParams.get("token")!;
    expect(
      (await app.client().post("/api/auth/reset-password", { newPassword: "Reset-it-2026", token: resetToken })).status,
    ).toBe(200);
    expect((await bearer().get("/api/me", withToken(token))).status).toBe(401);
  });
});

describe("4. the CSRF check cannot be switched off", () => {
  test("a cross-origin DELETE /api/account with the cookie and a Basic header is refused and deletes nothing", async () => {
    const client = app.client();
    const user = await signUp(client);
    const attempt = await client.request("DELETE", "/api/account", {
      origin: "https://evil.example",
      headers: { authorization: "Basic YTpi" },
      json: { confirm: "DELETE" },
    });
    expect(attempt.status).toBe(401);
    const [row] = await app.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row).toBeDefined();
    // The cookie alone cross-origin is refused by the origin check.
    const cookieOnly = await client.request("DELETE", "/api/account", {
      origin: "https://evil.example",
      json: { confirm: "DELETE" },
    });
    expect(cookieOnly.status).toBe(403);
    expect((await client.get("/api/me")).status).toBe(200);
  });
});

describe("5. the account rules hold on Better Auth's own endpoints", () => {
  test("sign-up refuses passwords an attacker tries first, with a message saying what to do", async () => {
    for (const password of ["password", "12345678", "aaaaaaaa", "        ", "Password1!", "qwertyuiop"]) {
      const response = await app.client().post("/api/auth/sign-up/email", { email: uniqueEmail(), password, name: "Weak Pass" });
      expect(response.status, JSON.stringify(password)).toBe(400);
      expect(response.json().message).toBe(PASSWORD_TOO_GUESSABLE);
    }
    const good = await app.client().post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "Green-Pastures-2026",
      name: "Strong Pass",
    });
    expect(good.status).toBe(200);
  });

  test("a change or a reset to a guessable password is refused the same way", async () => {
    const client = app.client();
    const user = await signUp(client);
    const change = await client.post("/api/auth/change-password", { currentPassword: user.password, newPassword: "12345678" });
    expect(change.status).toBe(400);
    expect(change.json().message).toBe(PASSWORD_TOO_GUESSABLE);
    const reset = await app.client().post("/api/auth/reset-password", { newPassword: "password", token: "anything" });
    expect(reset.status).toBe(400);
    expect(reset.json().message).toBe(PASSWORD_TOO_GUESSABLE);
  });

  test("sign-up refuses a 60,000-character name, a picture and a name of the wrong type", async () => {
    const long = await app.client().post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "Green-Pastures-2026",
      name: "x".repeat(60_000),
    });
    expect(long.status).toBe(400);
    expect(long.json().message).toBe("Name must be 50 characters or less");
    const name51 = await app.client().post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "Green-Pastures-2026",
      name: "x".repeat(51),
    });
    expect(name51.status).toBe(400);
    expect(name51.json().message).toBe("Name must be 50 characters or less");
    const picture = await app.client().post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "Green-Pastures-2026",
      name: "With Picture",
      image: "javascript:alert(1)",
    });
    expect(picture.status).toBe(400);
    const nullName = await app
      .client()
      .post("/api/auth/sign-up/email", { email: uniqueEmail(), password: "Green-Pastures-2026", name: null });
    expect(nullName.status).toBe(400);
  });
});

describe("7. limits per member", () => {
  test(`a member holds at most ${MAX_STREAMS_PER_MEMBER} live streams; opening another closes his oldest`, async () => {
    const client = app.client();
    await signUp(client);
    const before = app.ctx.realtime.connections();
    const open = () => openEventStream(app.url, { cookie: client.cookieHeader() });
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER + 3; i++) streams.push(await open());
    try {
      expect(streams.every((s) => s.status === 200)).toBe(true);
      // The three oldest were ended by the server; the newest eight stay open.
      await Promise.all(streams.slice(0, 3).map((s) => s.ended));
      await waitUntil(() => app.ctx.realtime.connections() === before + MAX_STREAMS_PER_MEMBER, "the count to settle", 10_000);
      const other = app.client();
      await signUp(other);
      const theirs = await openEventStream(app.url, { cookie: other.cookieHeader() });
      expect(theirs.status).toBe(200);
      expect(app.ctx.realtime.connections()).toBe(before + MAX_STREAMS_PER_MEMBER + 1);
      theirs.close();
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe("7. error reports per address", () => {
  test("ten a minute from one address, then 429 with a message; another address still reports; a 44 KB report is refused", async () => {
    const from = (host: number) => app.client({ localAddress: `127.0.19.${host}` });
    const report = { message: "TypeError: x is undefined", stack: "at Today (today.tsx:12)" };
    for (let i = 0; i < 10; i++) expect((await from(1).post("/api/error-reports", report)).status).toBe(201);
    const over = await from(1).post("/api/error-reports", report);
    expect(over.status).toBe(429);
    expect(over.json().error.message).toMatch(/wait a minute/);
    expect((await from(2).post("/api/error-reports", report)).status).toBe(201);
    const huge = await from(3).post("/api/error-reports", {
      message: "big",
      stack: "x".repeat(22_000),
      component_stack: "y".repeat(22_000),
    });
    expect(huge.status).toBe(400);
    const stored = await app.db.select().from(schema.errorReports);
    expect(stored.filter((r) => r.message === "TypeError: x is undefined")).toHaveLength(11);
  });
});

describe("6. a per-account throttle with a growing delay", () => {
  test("wrong passwords from many addresses slow that account down; the member gets in once the delay passes", async () => {
    const user = await signUp(app.client());
    const from = (host: number) => app.client({ localAddress: `127.0.21.${host}` });
    for (let i = 1; i <= 5; i++) {
      expect((await signIn(from(i), { email: user.email, password: `Wrong-guess-${i}` })).status).toBe(401);
    }
    // The sixth attempt, from yet another address, comes too soon after the fifth failure.
    const sixth = await signIn(from(6), { email: user.email.toUpperCase(), password: "Wrong-guess-6" });
    expect(sixth.status).toBe(429);
    expect(sixth.json().error.message).toMatch(/^Too many wrong passwords for this account\. Wait \d+ seconds? and try again/);
    // Even the right password waits (a delay, not a lockout: at most a minute).
    expect((await signIn(from(7), user)).status).toBe(429);
    const key = `sign-in-failures:${user.email.toLowerCase()}`;
    await app.db
      .update(schema.throttles)
      .set({ lastRequest: Date.now() - 61_000 })
      .where(eq(schema.throttles.key, key));
    expect((await signIn(from(8), user)).status).toBe(200);
    // A success clears the count: the next wrong password is an ordinary 401.
    expect(await app.db.select().from(schema.throttles).where(eq(schema.throttles.key, key))).toEqual([]);
    expect((await signIn(from(9), { email: user.email, password: "Wrong-again-1" })).status).toBe(401);
  });
});

describe("8. files do not outlive their owner", () => {
  const upload = async (client: TestClient) => {
    const form = await multipart({ image: { bytes: TINY_PNG, filename: "field.png", type: "image/png" } });
    return client.request("POST", "/api/pasture/images", { body: form.body, headers: { "content-type": form.contentType } });
  };
  const onDisk = (url: string) => path.join(app.dataDir, "storage", url.replace("/api/files/", ""));

  test("deleting the account deletes his generated audio and the pictures he never posted", async () => {
    const client = app.client();
    const user = await signUp(client);
    const unposted = (await upload(client)).json().image_url as string;
    await app.ctx.storage.put(`audio/${user.id}/devotional-abc.mp3`, Buffer.from("ID3 audio"), "audio/mpeg");
    expect(fs.existsSync(onDisk(unposted))).toBe(true);
    expect((await client.request("DELETE", "/api/account", { json: { confirm: "DELETE" } })).status).toBe(200);
    for (const folder of ["audio", "pasture", "avatars", "devotionals"]) {
      expect(fs.existsSync(path.join(app.dataDir, "storage", folder, user.id)), folder).toBe(false);
    }
  });

  test("a picture uploaded for a post never sent is removed after a day; a posted one stays", async () => {
    const client = app.client();
    await signUp(client);
    const posted = (await upload(client)).json().image_url as string;
    const forgotten = (await upload(client)).json().image_url as string;
    const fresh = (await upload(client)).json().image_url as string;
    expect((await client.post("/api/pasture/posts", { body: "The field at dawn", image_url: posted })).status).toBe(201);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    // The sweep goes by what the database knows (stored_files), not by a disk's times.
    await app.db
      .update(schema.storedFiles)
      .set({ createdAt: twoDaysAgo })
      .where(
        inArray(
          schema.storedFiles.key,
          [posted, forgotten].map((url) => url.replace("/api/files/", "")),
        ),
      );
    expect(await sweepUnattachedPictures(app.db, app.ctx.storage)).toBe(1);
    expect(fs.existsSync(onDisk(forgotten))).toBe(false);
    expect((await client.get(posted)).status).toBe(200);
    // Less than a day old: its post may still be on its way.
    expect(fs.existsSync(onDisk(fresh))).toBe(true);
  });

  test("pictures have a quota per member, with a message that says what to do", async () => {
    const client = app.client();
    const user = await signUp(client);
    // One picture's record stands for many already uploaded: the quota adds up what the database knows he stored.
    await app.ctx.storage.put(`pasture/${user.id}/earlier.png`, TINY_PNG, "image/png");
    await app.db
      .update(schema.storedFiles)
      .set({ bytes: PICTURE_QUOTA_BYTES })
      .where(eq(schema.storedFiles.key, `pasture/${user.id}/earlier.png`));
    const refused = await upload(client);
    expect(refused.status).toBe(413);
    expect(refused.json().error.message).toBe(
      "Your pictures use 100 MB of your 100 MB. Delete some posts with pictures, then try again.",
    );
    const other = app.client();
    await signUp(other);
    expect((await upload(other)).status).toBe(201);
  });
});

describe("8. uploaded pictures are re-encoded", () => {
  test("a photo's GPS position and anything hidden after its image data are not kept", async () => {
    const client = app.client();
    await signUp(client);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#6b8e23" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Field photo", ImageDescription: "SECRET-DESCRIPTION" }, IFD3: { GPSLatitudeRef: "N" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const withTrailer = Buffer.concat([photo, Buffer.from("SECRET-TRAILER")]);
    const form = await multipart({ image: { bytes: withTrailer, filename: "field.jpg", type: "image/jpeg" } });
    const upload = await client.request("POST", "/api/pasture/images", {
      body: form.body,
      headers: { "content-type": form.contentType },
    });
    expect(upload.status).toBe(201);
    const stored = await client.get(upload.json().image_url);
    expect(stored.status).toBe(200);
    expect(stored.body.includes("SECRET-TRAILER")).toBe(false);
    expect(stored.body.includes("SECRET-DESCRIPTION")).toBe(false);
    const kept = await sharp(stored.body).metadata();
    expect(kept.exif).toBeUndefined();
    expect([kept.format, kept.width, kept.height]).toEqual(["jpeg", 64, 48]);
  });

  test("a file with a picture's first bytes that does not decode is refused", async () => {
    const client = app.client();
    await signUp(client);
    const fake = Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.from("not really a picture")]);
    const form = await multipart({ image: { bytes: fake, filename: "fake.png", type: "image/png" } });
    const refused = await client.request("POST", "/api/pasture/images", {
      body: form.body,
      headers: { "content-type": form.contentType },
    });
    expect(refused.status).toBe(400);
    expect(refused.json().error.message).toBe("That file is not a picture we can use.");
  });
});

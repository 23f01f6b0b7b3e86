import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { SESSION_COOKIE, signUp } from "./helpers/auth";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

describe("reading the session cookie on /api routes", () => {
  test("a cookie with a forged signature is not a session", async () => {
    const client = app.client();
    await signUp(client);
    const real = client.cookies.get(SESSION_COOKIE)!;
    const token = decodeURIComponent(real).split(".")[0]!;
    const forged = app.client();
    forged.cookies.set(SESSION_COOKIE, encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString("base64")}`));
    expect((await forged.get("/api/me")).status).toBe(401);
    expect((await client.get("/api/me")).status).toBe(200);
  });

  test("an expired or revoked session is not a session", async () => {
    const client = app.client();
    const user = await signUp(client);
    await app.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.userId, user.id));
    await app.ctx.sessions.sync(); // what this process kept of his session hears the change
    expect((await client.get("/api/me")).status).toBe(401);

    const other = app.client();
    const second = await signUp(other);
    await app.db.delete(schema.sessions).where(eq(schema.sessions.userId, second.id));
    await app.ctx.sessions.sync(); // what this process kept of his session hears the change
    expect((await other.get("/api/me")).status).toBe(401);
  });

  test("a session used after a day is refreshed: its expiry moves on and a new cookie is sent", async () => {
    const client = app.client();
    const user = await signUp(client);
    const staleExpiry = new Date(Date.now() + 20 * DAY_MS);
    await app.db
      .update(schema.sessions)
      .set({ updatedAt: new Date(Date.now() - 2 * DAY_MS), expiresAt: staleExpiry })
      .where(eq(schema.sessions.userId, user.id));
    await app.ctx.sessions.sync(); // what this process kept of his session hears the change
    const response = await client.get("/api/me");
    expect(response.status).toBe(200);
    expect(response.json().user.id).toBe(user.id);
    expect(response.setCookies.map((c) => c.name)).toContain(SESSION_COOKIE);
    const [session] = await app.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(staleExpiry.getTime() + 5 * DAY_MS);
    expect((await client.get("/api/me")).status).toBe(200);
  });

  test("a route that needs no user answers without reading the session", async () => {
    const client = app.client();
    await signUp(client);
    const response = await client.get("/api/health");
    expect(response.status).toBe(200);
    expect(response.setCookies).toEqual([]);
  });
});

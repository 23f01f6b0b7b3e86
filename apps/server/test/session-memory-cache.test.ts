import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { SESSIONS_CHANNEL } from "../src/auth/session-cache";
import { LISTENER_APPLICATION_NAME } from "../src/realtime/listener";
import { startTestApp, type TestApp } from "./helpers/app";
import { behindTheTriggers } from "./helpers/database";
import { newPerson, SESSION_COOKIE } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

// Each process keeps who a session token belongs to (auth/session-cache.ts), and PostgreSQL's triggers end an entry
// when its session or user row changes (migration 0016). These tests show the cache is really used, and that every way
// a session can end elsewhere ends it here too.

let app: TestApp;
let other: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  // A second server process on the same database.
  other = await startTestApp({ database: app.database });
});
afterAll(async () => {
  await other?.close();
  await app?.close();
});

const tokenOf = (client: TestClient) => decodeURIComponent(client.cookies.get(SESSION_COOKIE)!).split(".")[0]!;

const WAIT = { timeout: 10_000, interval: 50 };

describe("the per-process session cache", () => {
  test("a session is read once and then kept; a notice for it ends it", async () => {
    const { client } = await newPerson(app);
    expect((await client.get("/api/me")).status).toBe(200);
    const [session] = (await app.ctx.pool.query<{ id: string }>("SELECT id FROM sessions WHERE token = $1", [tokenOf(client)]))
      .rows;
    // Gone from the database without a notice: this process still knows the session, which shows it no longer reads it.
    await behindTheTriggers(app.ctx.pool, "DELETE FROM sessions WHERE id = $1", [session!.id]);
    expect((await client.get("/api/journal")).status).toBe(200);
    // The notice the trigger would have sent ends it.
    await app.ctx.pool.query("SELECT pg_notify($1, $2)", [SESSIONS_CHANNEL, `s:${session!.id}`]);
    await vi.waitFor(async () => expect((await client.get("/api/journal")).status).toBe(401), WAIT);
  });

  test("a session deleted by another process (or by hand) stops working here, with no call through this app", async () => {
    const { client } = await newPerson(app);
    expect((await client.get("/api/me")).status).toBe(200);
    await other.ctx.pool.query("DELETE FROM sessions WHERE token = $1", [tokenOf(client)]);
    await vi.waitFor(async () => expect((await client.get("/api/me")).status).toBe(401), WAIT);
  });

  test("a ban through another process ends the member's session in this one", async () => {
    const member = await newPerson(app);
    const admin = await newPerson(other);
    await other.ctx.pool.query("UPDATE users SET role = 'admin' WHERE id = $1", [admin.id]);
    expect((await member.client.get("/api/me")).status).toBe(200);
    const ban = await admin.client.post(`/api/admin/users/${member.id}/ban`, { reason: "Spam" });
    expect(ban.status, ban.text).toBe(200);
    await vi.waitFor(async () => expect((await member.client.get("/api/me")).status).toBe(401), WAIT);
  });

  test("a change to the member's account (here his role) reaches this process's copy", async () => {
    const member = await newPerson(app);
    expect((await member.client.get("/api/admin/dashboard")).status).toBe(403);
    await other.ctx.pool.query("UPDATE users SET role = 'admin' WHERE id = $1", [member.id]);
    await vi.waitFor(async () => expect((await member.client.get("/api/admin/dashboard")).status).toBe(200), WAIT);
  });

  test("while the LISTEN connection is down nothing is kept; once it is back, sessions are kept again", async () => {
    const { client } = await newPerson(app);
    expect((await client.get("/api/me")).status).toBe(200);
    expect(app.ctx.sessions.size()).toBeGreaterThan(0);
    // Both apps listen on this database: end every listener connection, so this app's is among them.
    const listeners = (
      await app.ctx.pool.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
        [LISTENER_APPLICATION_NAME],
      )
    ).rows;
    expect(listeners).toHaveLength(2);
    for (const { pid } of listeners) await app.ctx.pool.query("SELECT pg_terminate_backend($1)", [pid]);
    // Losing the connection empties the cache (notices may be missed meanwhile).
    await vi.waitFor(() => expect(app.ctx.sessions.size()).toBe(0), WAIT);
    // Once listening again, a read is kept again...
    await vi.waitFor(async () => {
      expect((await client.get("/api/me")).status).toBe(200);
      expect(app.ctx.sessions.size()).toBeGreaterThan(0);
    }, WAIT);
    // ...and notices end entries again.
    await other.ctx.pool.query("DELETE FROM sessions WHERE token = $1", [tokenOf(client)]);
    await vi.waitFor(async () => expect((await client.get("/api/me")).status).toBe(401), WAIT);
  });

  test("signing out answers only after this process has let go of the session", async () => {
    const { client } = await newPerson(app);
    expect((await client.get("/api/me")).status).toBe(200);
    const cookie = client.cookies.get(SESSION_COOKIE)!;
    expect((await client.post("/api/auth/sign-out", {})).status).toBe(200);
    const stale = app.client();
    stale.cookies.set(SESSION_COOKIE, cookie);
    expect((await stale.get("/api/me")).status).toBe(401);
  });
});

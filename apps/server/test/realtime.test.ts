import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LISTENER_APPLICATION_NAME } from "../src/realtime/listener";
import { publishWithin } from "../src/realtime/notice";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp } from "./helpers/auth";
import { buildServerIfNeeded, startBuiltServer, waitUntil, type BuiltServer } from "./helpers/built-server";
import { brother } from "./helpers/community";
import { createTestDatabase, type TestDatabase } from "./helpers/database";
import { TestClient } from "./helpers/http-client";
import { openEventStream, type EventStream } from "./helpers/sse";

/**
 * GET /api/realtime: server-sent events for the signed-in user, fanned out across server processes by PostgreSQL
 * LISTEN/NOTIFY (issue 5, "Live"). Every wait is bounded and says what it waited for.
 */

const secret = randomBytes(32).toString("base64url");
let app: TestApp;
const streams: EventStream[] = [];

async function stream(baseUrl: string, client: TestClient): Promise<EventStream> {
  const opened = await openEventStream(baseUrl, { cookie: client.cookieHeader() });
  streams.push(opened);
  return opened;
}

beforeAll(async () => {
  app = await startTestApp({ env: { BETTER_AUTH_SECRET: secret } });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await app?.close();
});

describe("GET /api/realtime", () => {
  test("401 without a session; with one, an unbuffered event stream with a retry hint", async () => {
    const anonymous = await openEventStream(app.url);
    expect(anonymous.status).toBe(401);
    await anonymous.ended;
    expect(JSON.parse(anonymous.text()).error.code).toBe("UNAUTHORIZED");

    const client = app.client();
    await signUp(client);
    const before = app.ctx.realtime.connections();
    const live = await stream(app.url, client);
    expect(live.status).toBe(200);
    expect(live.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(live.headers["cache-control"]).toMatch(/no-cache|no-store/);
    expect(live.headers["x-accel-buffering"]).toBe("no");
    // Never reused for another request: a graceful shutdown that ends the stream is not held by an idle socket.
    expect(live.headers["connection"]).toBe("close");
    expect(live.headers["content-length"]).toBeUndefined();
    expect(live.retryMs).toBeGreaterThan(0);
    expect(live.comments).toContain("connected");
    expect(app.ctx.realtime.connections()).toBe(before + 1);

    // The browser going away unsubscribes.
    live.close();
    await waitUntil(() => app.ctx.realtime.connections() === before, "the closed stream to unsubscribe", 10_000);
  });

  test("an event published for A reaches A's stream and not B's", async () => {
    const a = app.client();
    const b = app.client();
    const userA = await signUp(a);
    const userB = await signUp(b);
    const streamA = await stream(app.url, a);
    const streamB = await stream(app.url, b);

    await app.ctx.realtime.publish(userA.id, { type: "notifications", change: "insert" });
    const forA = await streamA.take("A's notifications event");
    expect(forA.event).toBe("notifications");
    expect(JSON.parse(forA.data)).toEqual({ type: "notifications", change: "insert" });

    // NOTIFY delivers in order on the one LISTEN connection: when B's own event arrives, A's would have come first.
    await app.ctx.realtime.publish(userB.id, { type: "notifications", change: "delete" });
    const forB = await streamB.take("B's notifications event");
    expect(JSON.parse(forB.data)).toEqual({ type: "notifications", change: "delete" });
    expect(streamB.events).toHaveLength(1);
    expect(streamA.events).toHaveLength(1);
  });

  test("a change published inside a transaction reaches the browser at commit, and never when it rolls back", async () => {
    const client = app.client();
    const user = await signUp(client);
    const live = await stream(app.url, client);
    await expect(
      app.db.transaction(async (tx) => {
        await publishWithin(tx, [user.id], { type: "notifications", change: "delete" });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    await app.db.transaction(async (tx) => {
      await publishWithin(tx, [user.id], { type: "notifications", change: "update" });
    });
    // Notices arrive in order on the one LISTEN connection: the rolled-back one would have come first.
    expect(JSON.parse((await live.take("the committed change")).data)).toEqual({ type: "notifications", change: "update" });
    expect(live.events).toHaveLength(1);
  });

  test("a mention through the API pushes an insert to the mentioned user's every open stream", async () => {
    const a = await brother(app, "Andrew");
    const b = await brother(app, "Barnabas");
    const phone = await stream(app.url, a.client);
    const laptop = await stream(app.url, a.client);
    const own = await stream(app.url, b.client);

    const post = await b.client.post("/api/pasture/posts", { kind: "post", body: `Standing with you @${a.username}` });
    expect(post.status, post.text).toBe(201);
    for (const [name, s] of [
      ["phone", phone],
      ["laptop", laptop],
    ] as const) {
      const event = await s.take(`the mention on A's ${name}`);
      expect(event.event).toBe("notifications");
      expect(JSON.parse(event.data)).toEqual({ type: "notifications", change: "insert" });
    }
    const list = (await a.client.get("/api/notifications")).json();
    expect(list.unread).toBe(1);

    // Reading it is a change too, and the writer (B) heard nothing about A's notifications.
    const read = await a.client.post(`/api/notifications/${list.items[0].id}/read`);
    expect(read.status, read.text).toBe(200);
    expect(JSON.parse((await phone.take("the read change")).data).change).toBe("update");
    expect(own.events).toEqual([]);
  });

  test("read-all and delete are changes too; another user's failed attempts tell no one anything", async () => {
    const a = await brother(app, "Andrew");
    const b = await brother(app, "Barnabas");
    const liveA = await stream(app.url, a.client);
    const liveB = await stream(app.url, b.client);
    for (const word of ["First", "Second"]) {
      expect((await b.client.post("/api/pasture/posts", { body: `${word} word for @${a.username}` })).status).toBe(201);
      expect(JSON.parse((await liveA.take(`the ${word} mention`)).data).change).toBe("insert");
    }
    const [newest] = (await a.client.get("/api/notifications")).json().items;

    // B tries A's notification: 404, and neither stream hears of it.
    expect((await b.client.post(`/api/notifications/${newest.id}/read`)).status).toBe(404);
    expect((await b.client.delete(`/api/notifications/${newest.id}`)).status).toBe(404);
    expect((await b.client.post("/api/notifications/read-all")).json()).toEqual({ updated: 0 });

    expect((await a.client.post("/api/notifications/read-all")).json()).toEqual({ updated: 2 });
    expect(JSON.parse((await liveA.take("the read-all change")).data)).toEqual({ type: "notifications", change: "update" });
    expect((await a.client.delete(`/api/notifications/${newest.id}`)).status).toBe(200);
    expect(JSON.parse((await liveA.take("the delete change")).data)).toEqual({ type: "notifications", change: "delete" });
    // Had B's failed attempts published anything, it would have arrived before these, in order on one connection.
    expect(liveA.events.map((e) => JSON.parse(e.data).change)).toEqual(["insert", "insert", "update", "delete"]);
    expect(liveB.events).toEqual([]);
  });

  test("the LISTEN connection comes back after PostgreSQL drops it, and open streams are told to refetch", async () => {
    const client = app.client();
    const user = await signUp(client);
    const live = await stream(app.url, client);
    const listener = async () =>
      (
        await app.ctx.pool.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
          [LISTENER_APPLICATION_NAME],
        )
      ).rows.map((r) => r.pid);
    const [before] = await listener();
    expect(before, "the hub's LISTEN connection is in pg_stat_activity").toBeDefined();

    await app.ctx.pool.query("SELECT pg_terminate_backend($1)", [before]);
    // Changes may have been missed meanwhile: once listening again, the hub asks every open stream to refetch.
    const catchUp = await live.take("the catch-up event after the LISTEN connection came back", 20_000);
    expect(JSON.parse(catchUp.data)).toEqual({ type: "notifications", change: "update" });
    const after = await listener();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);

    await app.ctx.realtime.publish(user.id, { type: "notifications", change: "insert" });
    expect(JSON.parse((await live.take("an event after the reconnect")).data).change).toBe("insert");
  });
});

describe("across instances on one PostgreSQL", () => {
  test("two apps: published through one, received by a stream connected to the other", async () => {
    // A second app (its own context, pool and hub) on the same database, as a second instance would be.
    const other = await startTestApp({ database: app.database, env: { BETTER_AUTH_SECRET: secret } });
    try {
      const a = await brother(app, "Andrew");
      const b = await brother(app, "Barnabas");
      const onOther = new TestClient(other.url);
      for (const [name, value] of a.client.cookies) onOther.cookies.set(name, value);
      const live = await stream(other.url, onOther);
      expect(other.ctx.realtime.connections()).toBe(1);

      await app.ctx.realtime.publish(a.id, { type: "notifications", change: "update" });
      expect(JSON.parse((await live.take("the event published through the first app")).data).change).toBe("update");

      const post = await b.client.post("/api/pasture/posts", { body: `Brother @${a.username}, how are you holding up?` });
      expect(post.status, post.text).toBe(201);
      expect(JSON.parse((await live.take("the mention written through the first app")).data).change).toBe("insert");
      const list = (await onOther.get("/api/notifications")).json();
      expect(list.unread).toBe(1);
    } finally {
      await other.close();
    }
  });

  describe("two server processes", () => {
    let database: TestDatabase;
    const servers: BuiltServer[] = [];
    const dataDirs: string[] = [];

    beforeAll(async () => {
      buildServerIfNeeded();
      database = await createTestDatabase();
      for (let i = 0; i < 2; i++) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-realtime-"));
        dataDirs.push(dataDir);
        servers.push(
          await startBuiltServer({
            dataDir,
            env: { DATABASE_URL: database.url, BETTER_AUTH_SECRET: secret, RATE_LIMIT_AUTH_MAX: "1000" },
          }),
        );
      }
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.drop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    test("a mention made through one process reaches a client connected to the other", async () => {
      const [one, two] = servers as [BuiltServer, BuiltServer];
      const username = `andrew_${randomBytes(4).toString("hex")}`;
      const aOnOne = one.client();
      await signUp(aOnOne, { name: "Andrew" });
      const named = await aOnOne.patch("/api/profile", { username });
      expect(named.status, named.text).toBe(200);
      const bOnTwo = two.client();
      await signUp(bOnTwo, { name: "Barnabas" });

      // A listens on process two; B writes through process one.
      const aOnTwo = two.client();
      for (const [name, value] of aOnOne.cookies) aOnTwo.cookies.set(name, value);
      const bOnOne = one.client();
      for (const [name, value] of bOnTwo.cookies) bOnOne.cookies.set(name, value);
      const live = await stream(two.url, aOnTwo);
      expect(live.status, live.text()).toBe(200);

      const body = `Praying with you @${username}`;
      const post = await bOnOne.post("/api/pasture/posts", { kind: "post", body });
      expect(post.status, post.text).toBe(201);
      const event = await live.take("the mention written through the other process", 15_000);
      expect(event.event).toBe("notifications");
      expect(JSON.parse(event.data)).toEqual({ type: "notifications", change: "insert" });

      const list = (await aOnTwo.get("/api/notifications")).json();
      expect(list.unread).toBe(1);
      expect(list.items[0].content).toContain(body);
      live.close();
    });
  });
});

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AdminHealth, AdminServerProcess, CreatedPlan } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { setAdmin } from "../src/modules/admin/service";
import { MAX_GATHERING_SOCKETS_PER_MEMBER } from "../src/modules/gatherings/relay";
import { MAX_STREAMS_PER_MEMBER } from "../src/realtime/hub";
import { WORKER_ONLY_MESSAGE } from "../src/worker-app";
import { startTestApp, type TestApp } from "./helpers/app";
import { makePremium, newPremiumPerson, signIn, signUp, uniqueEmail } from "./helpers/auth";
import {
  buildServerIfNeeded,
  childrenOf,
  processAlive,
  startBuiltServer,
  waitUntil,
  type BuiltServer,
} from "./helpers/built-server";
import { brother, flockOf } from "./helpers/community";
import { brief, waitForPlan } from "./helpers/custom-plans";
import { createTestDatabase, type TestDatabase } from "./helpers/database";
import { TestClient } from "./helpers/http-client";
import { openRoomSocket, type RoomSocket } from "./helpers/room-socket";
import { openEventStream, type EventStream } from "./helpers/sse";

/**
 * Issue 40, many processes on one database: per-member caps that hold across processes (event streams, gathering
 * sockets) and the limits that count in the database; every process's heartbeat in Admin Health, a killed one pruned
 * with its connections; SERVER_ROLE=web and worker. Every wait is bounded and names what it waited for.
 */

const secret = randomBytes(32).toString("base64url");

/** A client for `url` holding the same session cookie as `from` (the member on another process). */
function sameMember(url: string, from: TestClient): TestClient {
  const client = new TestClient(url);
  for (const [name, value] of from.cookies) client.cookies.set(name, value);
  return client;
}

/** Resolves when `promise` does, or fails naming `what` after `ms`. */
async function within<T>(promise: Promise<T>, what: string, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe("two processes on one database (in process)", () => {
  let a: TestApp;
  let b: TestApp;
  const streams: EventStream[] = [];
  const sockets: RoomSocket[] = [];

  beforeAll(async () => {
    a = await startTestApp({ env: { BETTER_AUTH_SECRET: secret } });
    b = await startTestApp({ database: a.database, env: { BETTER_AUTH_SECRET: secret } });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    for (const s of sockets) s.close();
    await b?.close();
    await a?.close();
  });

  const liveRows = (userId: string, kind: "events" | "gathering") =>
    a.db
      .select()
      .from(schema.liveConnections)
      .where(and(eq(schema.liveConnections.userId, userId), eq(schema.liveConnections.kind, kind)));

  test(`12 event streams for one member across two processes leave his newest ${MAX_STREAMS_PER_MEMBER} open`, async () => {
    const onA = a.client();
    const member = await signUp(onA);
    const onB = sameMember(b.url, onA);
    const ended: boolean[] = [];
    const mine: EventStream[] = [];
    // In turn on A and B; each answers its first bytes once it is counted, so their order is the order opened.
    for (let i = 0; i < 12; i++) {
      const stream = await openEventStream(i % 2 === 0 ? a.url : b.url, { cookie: (i % 2 === 0 ? onA : onB).cookieHeader() });
      expect(stream.status, stream.text()).toBe(200);
      ended.push(false);
      void stream.ended.then(() => (ended[i] = true));
      mine.push(stream);
      streams.push(stream);
    }
    const open = () => a.ctx.realtime.streamsOf(member.id) + b.ctx.realtime.streamsOf(member.id);
    await waitUntil(() => open() === MAX_STREAMS_PER_MEMBER, `${MAX_STREAMS_PER_MEMBER} streams left open`, 15_000);
    // The four oldest were ended by whichever process held them; the newest eight stay, four on each.
    await within(Promise.all(mine.slice(0, 4).map((s) => s.ended)), "the four oldest streams to end");
    expect(ended.slice(4)).toEqual(Array(8).fill(false));
    expect(a.ctx.realtime.streamsOf(member.id)).toBe(4);
    expect(b.ctx.realtime.streamsOf(member.id)).toBe(4);
    expect(await liveRows(member.id, "events")).toHaveLength(MAX_STREAMS_PER_MEMBER);

    // Another member's streams are his own count.
    const other = a.client();
    await signUp(other);
    const theirs = await openEventStream(b.url, { cookie: other.cookieHeader() });
    streams.push(theirs);
    expect(theirs.status).toBe(200);
    expect(open()).toBe(MAX_STREAMS_PER_MEMBER);

    // Closed streams delete their rows.
    for (const s of mine) s.close();
    await waitUntil(async () => (await liveRows(member.id, "events")).length === 0, "the closed streams' rows to go", 15_000);
  });

  test(`gathering sockets for one member across two processes leave his newest ${MAX_GATHERING_SOCKETS_PER_MEMBER} open`, async () => {
    const host = await brother(a, "Hosea");
    await makePremium(a.db, host.id);
    const flock = await flockOf(host, "Friday Men");
    const created = await host.client.post("/api/gatherings", { flock_id: flock.id, title: "Friday prayer", time_zone: "UTC" });
    expect(created.status, created.text).toBe(201);
    const room = created.json().room_name as string;
    const onB = sameMember(b.url, host.client);
    const open = () => a.ctx.gatherings.connections() + b.ctx.gatherings.connections();

    const mine: RoomSocket[] = [];
    const closed: boolean[] = [];
    for (let i = 0; i < MAX_GATHERING_SOCKETS_PER_MEMBER + 2; i++) {
      const socket = await openRoomSocket(i % 2 === 0 ? a.url : b.url, room, {
        cookie: (i % 2 === 0 ? host.client : onB).cookieHeader(),
      });
      closed.push(false);
      void socket.closed.then(() => (closed[i] = true));
      mine.push(socket);
      sockets.push(socket);
      // Each is counted before the next opens: past the cap, the oldest open one closes, wherever it is.
      const oldest = i - MAX_GATHERING_SOCKETS_PER_MEMBER;
      if (oldest >= 0) {
        expect((await within(mine[oldest]!.closed, `socket ${oldest} to close`)).code).toBe(1008);
      } else {
        await waitUntil(async () => (await liveRows(host.id, "gathering")).length === i + 1, `socket ${i} to be counted`, 15_000);
      }
    }
    await waitUntil(
      () => open() === MAX_GATHERING_SOCKETS_PER_MEMBER,
      `${MAX_GATHERING_SOCKETS_PER_MEMBER} sockets open`,
      15_000,
    );
    expect(closed).toEqual([true, true, ...Array(MAX_GATHERING_SOCKETS_PER_MEMBER).fill(false)]);
    expect(await liveRows(host.id, "gathering")).toHaveLength(MAX_GATHERING_SOCKETS_PER_MEMBER);

    for (const s of mine) s.close();
    await waitUntil(async () => (await liveRows(host.id, "gathering")).length === 0, "the closed sockets' rows to go", 15_000);
    await waitUntil(() => open() === 0, "every socket to close", 15_000);
  });

  test("wrong passwords for one account and error reports from one address count across processes", async () => {
    const user = await signUp(a.client());
    const from = (app: TestApp, host: number) => app.client({ localAddress: `127.0.40.${host}` });
    for (let i = 1; i <= 5; i++) {
      const through = i % 2 === 0 ? b : a;
      expect((await signIn(from(through, i), { email: user.email, password: `Wrong-guess-${i}` })).status).toBe(401);
    }
    expect((await signIn(from(b, 6), { email: user.email, password: "Wrong-guess-6" })).status).toBe(429);

    const report = { message: "TypeError: y is undefined", stack: "at Pasture (pasture.tsx:3)" };
    for (let i = 0; i < 10; i++)
      expect((await from(i % 2 === 0 ? a : b, 99).post("/api/error-reports", report)).status).toBe(201);
    expect((await from(a, 99).post("/api/error-reports", report)).status).toBe(429);
    expect((await from(b, 99).post("/api/error-reports", report)).status).toBe(429);
  });

  test("Admin Health lists both processes, the one that answered marked", async () => {
    const admin = a.client();
    const email = uniqueEmail("health-admin");
    await signUp(admin, { email });
    await setAdmin(a.db, email, true);
    await a.ctx.sessions.sync();
    const res = await admin.get("/api/admin/health");
    expect(res.status, res.text).toBe(200);
    const { processes } = res.json() as AdminHealth;
    const ids = processes.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([a.ctx.heartbeat.id, b.ctx.heartbeat.id]));
    const self = processes.find((p) => p.id === a.ctx.heartbeat.id)!;
    expect(self).toMatchObject({ host: os.hostname(), pid: process.pid, role: "all", answering: true });
    expect(self.memory_bytes).toBeGreaterThan(0);
    expect(self.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(processes.find((p) => p.id === b.ctx.heartbeat.id)!.answering).toBe(false);
  });
});

describe("SERVER_ROLE, and processes started and killed (built servers)", () => {
  let database: TestDatabase;
  /** In process, SERVER_ROLE=web: it works no jobs either. */
  let web: TestApp;
  let webServer: BuiltServer | undefined;
  let worker: BuiltServer | undefined;
  const dataDirs: string[] = [];
  const streams: EventStream[] = [];
  let admin: TestClient;
  const adminEmail = uniqueEmail("processes-admin");

  const built = (env: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-processes-"));
    dataDirs.push(dataDir);
    return startBuiltServer({
      dataDir,
      env: { DATABASE_URL: database.url, BETTER_AUTH_SECRET: secret, RATE_LIMIT_AUTH_MAX: "1000", LOG_LEVEL: "info", ...env },
    });
  };
  const processRows = () => web.db.select().from(schema.serverProcesses);
  const health = async (): Promise<AdminServerProcess[]> => {
    const res = await admin.get("/api/admin/health");
    expect(res.status, res.text).toBe(200);
    return (res.json() as AdminHealth).processes;
  };

  beforeAll(async () => {
    buildServerIfNeeded();
    database = await createTestDatabase();
    web = await startTestApp({ database, env: { BETTER_AUTH_SECRET: secret, SERVER_ROLE: "web", ADMIN_EMAILS: adminEmail } });
    admin = web.client();
    await signUp(admin, { email: adminEmail });
    // Two web processes in cluster mode (neither works jobs).
    webServer = await built({ SERVER_ROLE: "web", WEB_CONCURRENCY: "2" });
  }, 180_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await webServer?.stop();
    await worker?.stop();
    await web?.close();
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test(
    "a plan sent through web servers is written by a worker started after it; the worker serves only its health",
    { timeout: 180_000 },
    async () => {
      const member = await newPremiumPerson({ client: () => webServer!.client(), db: web.db });
      const res = await member.client.post("/api/path/custom-plans", brief({ days: 7 }));
      expect(res.status, res.text).toBe(201);
      const { plan_id: planId }: CreatedPlan = res.json();

      // A worker asked for two processes runs one.
      worker = await built({ SERVER_ROLE: "worker", WEB_CONCURRENCY: "2" });
      const ready = await waitForPlan(member.client, planId, 90_000);
      expect(ready).toMatchObject({ status: "ready", written: 7 });

      const workerRow = (await processRows()).find((p) => p.role === "worker");
      expect(workerRow?.pid, "the worker is one process, its own").toBe(worker.child.pid);
      const jobs = await web.db.execute<{ started_on: Date }>(
        sql`select started_on from pgboss.job where name = 'plan-generation' and data->>'planId' = ${planId}`,
      );
      expect(jobs.rows.length).toBeGreaterThan(0);
      // Waiting since before the worker started, the plan's jobs were taken only once it had.
      for (const job of jobs.rows)
        expect(new Date(job.started_on).getTime()).toBeGreaterThanOrEqual(workerRow!.startedAt.getTime());
      const step = new RegExp(`"planId":"${planId}".*"msg":"plan generation step"`);
      expect(worker.output()).toMatch(step);
      expect(webServer!.output()).not.toMatch(step);

      const probe = worker.client();
      expect((await probe.get("/api/health")).json()).toEqual({ status: "ok" });
      expect((await probe.get("/api/health/ready")).json()).toEqual({ status: "ok", database: "ok" });
      for (const [method, route] of [
        ["GET", "/api/me"],
        ["GET", "/"],
        ["GET", "/api/site"],
        ["GET", "/api/realtime"],
        ["POST", "/api/auth/sign-in/email"],
      ] as const) {
        const answer = await probe.request(method, route, method === "POST" ? { json: {} } : {});
        expect(answer.status, route).toBe(404);
        expect(answer.json().error.message, route).toBe(WORKER_ONLY_MESSAGE);
      }
    },
  );

  test("Admin Health on one process lists every other, with its role, version, memory and connections", async () => {
    const children = childrenOf(webServer!.child.pid!);
    await waitUntil(async () => (await health()).length === 4, "four processes in Admin Health", 30_000);
    const listed = await health();
    const byPid = new Map(listed.map((p) => [p.pid, p]));
    expect(listed.filter((p) => p.role === "web" && children.includes(p.pid))).toHaveLength(2);
    expect(byPid.get(worker!.child.pid!)?.role).toBe("worker");
    expect(listed.find((p) => p.answering)).toMatchObject({ id: web.ctx.heartbeat.id, pid: process.pid, role: "web" });
    for (const p of listed) {
      expect(p.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(p.memory_bytes).toBeGreaterThan(0);
      expect(p.connections).toBeGreaterThanOrEqual(0);
      expect(Date.parse(p.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(p.started_at));
    }
  });

  test(
    "a killed process's row and live connections are pruned; a stopped one deletes its own",
    { timeout: 120_000 },
    async () => {
      const onWeb = await newPremiumPerson({ client: () => webServer!.client(), db: web.db });
      // Connections are handed to the cluster's two processes in turn: four streams, two on each.
      for (let i = 0; i < 4; i++) {
        const stream = await openEventStream(webServer!.url, { cookie: onWeb.client.cookieHeader() });
        expect(stream.status).toBe(200);
        streams.push(stream);
      }
      const rows = await web.db.select().from(schema.liveConnections).where(eq(schema.liveConnections.userId, onWeb.id));
      const holders = [...new Set(rows.map((r) => r.processId))];
      expect(holders.length).toBeGreaterThan(0);
      const [victim] = await web.db.select().from(schema.serverProcesses).where(eq(schema.serverProcesses.id, holders[0]!));
      const others = holders.slice(1);

      process.kill(victim!.pid, "SIGKILL");
      await waitUntil(() => !processAlive(victim!.pid), `process ${victim!.pid} to die`, 30_000);
      // As if three beats had passed unheard (the suite does not wait 30 s): the next beat of any process prunes it.
      await web.db
        .update(schema.serverProcesses)
        .set({ lastSeenAt: sql`now() - interval '1 minute'` })
        .where(eq(schema.serverProcesses.id, victim!.id));
      await waitUntil(
        async () =>
          (await web.db.select().from(schema.serverProcesses).where(eq(schema.serverProcesses.id, victim!.id))).length === 0,
        "the killed process's row to be pruned",
        30_000,
      );
      expect(await web.db.select().from(schema.liveConnections).where(eq(schema.liveConnections.processId, victim!.id))).toEqual(
        [],
      );
      expect((await health()).map((p) => p.id)).not.toContain(victim!.id);
      // The living process's streams are still counted.
      if (others.length > 0) {
        const kept = await web.db.select().from(schema.liveConnections).where(inArray(schema.liveConnections.processId, others));
        expect(kept.length).toBeGreaterThan(0);
      }

      // The cluster replaces the killed process; once the new one listens, a clean stop deletes every row itself.
      const clusterPids = () => childrenOf(webServer!.child.pid!);
      const listening = (pid: number) =>
        new RegExp(`"pid":${pid}\\b.*"msg":"server process listening"`).test(webServer!.output());
      await waitUntil(
        () => clusterPids().filter((pid) => pid !== victim!.pid && listening(pid)).length === 2,
        "the killed process's replacement to listen",
        60_000,
      );
      const stoppedPids = [...clusterPids(), worker!.child.pid!];
      await webServer!.stop();
      await worker!.stop();
      const left = await processRows();
      expect(left.filter((p) => stoppedPids.includes(p.pid) || p.pid === victim!.pid)).toEqual([]);
      expect(left.map((p) => p.id)).toEqual([web.ctx.heartbeat.id]);
    },
  );
});

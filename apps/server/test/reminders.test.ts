import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { enqueueReminderMinutes, minuteJobId } from "../src/modules/reminders/jobs";
import { runReminderMinute, type ReminderDeps } from "../src/modules/reminders/service";
import { chooseReminderText } from "../src/modules/reminders/texts";
import { startTestApp, type TestApp } from "./helpers/app";
import { readOutbox } from "./helpers/auth";
import { brother, type Brother } from "./helpers/community";
import { openEventStream } from "./helpers/sse";
import { completedOn } from "./helpers/today";

/** The aes128gcm decryption of RFC 8188, as a browser does it (web-push's own dependency). */
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

/** An uncompressed P-256 point (0x04, x, y) as a JWK's x and y. */
function pointToJwk(point: Buffer) {
  return { x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") };
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on loopback: it keeps what it receives and answers 201, or the status set for a path. */
function startPushService() {
  const received: Received[] = [];
  const statuses = new Map<string, number>();
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(req.url ?? "") ?? 201;
      res.end();
      waiters.splice(0).forEach((w) => w());
    });
  });
  return {
    received,
    statuses,
    server,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    /** What reached one path. */
    at: (p: string) => received.filter((r) => r.path === p),
    async waitFor(p: string, count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.filter((r) => r.path === p).length < count) {
        if (Date.now() > deadline)
          throw new Error(`the push service got ${received.filter((r) => r.path === p).length} of ${count} pushes at ${p}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

/** A browser's push subscription: its own P-256 key pair and auth secret, made here. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  return {
    ecdh,
    auth,
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth } },
    decrypt(body: Buffer) {
      return JSON.parse(ece.decrypt(body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString("utf8")) as {
        title: string;
        body: string;
        url: string;
        tag: string;
      };
    },
  };
}

let app: TestApp;
const service = startPushService();
let pushBase: string;
let deps: ReminderDeps;

beforeAll(async () => {
  pushBase = await service.listen();
  app = await startTestApp();
  deps = {
    db: app.db,
    log: app.ctx.log,
    push: app.ctx.push,
    mail: app.ctx.mail,
    texts: app.ctx.reminderTexts,
    appUrl: app.url,
  };
});
afterAll(async () => {
  await app?.close();
  service.server.close();
});

let counter = 0;
/** A member in New York with his reminder on at `time` on `weekdays`, and a browser subscribed. */
async function member(options: { time?: string; weekdays?: number[]; name?: string; status?: number } = {}) {
  const who: Brother = await brother(app, options.name ?? "Reminded");
  expect((await who.client.put("/api/profile/time-zone", { time_zone: "America/New_York" })).status).toBe(200);
  const settings = await who.client.patch("/api/reminders", {
    enabled: true,
    time: options.time ?? "07:00",
    weekdays: options.weekdays ?? [1],
  });
  expect(settings.status, settings.text).toBe(200);
  const p = `/push/${++counter}`;
  if (options.status) service.statuses.set(p, options.status);
  const browser = browserSubscription(`${pushBase}${p}`);
  const subscribed = await who.client.post("/api/push/subscriptions", browser.json);
  expect(subscribed.status, subscribed.text).toBe(201);
  return { ...who, browser, path: p };
}

// Monday 9 March 2026, the day after New York moved to summer time: 07:00 EDT is 11:00 UTC.
const MONDAY_7AM_NEW_YORK = new Date("2026-03-09T11:00:00Z");

describe("daily reminders by Web Push (issue 18)", () => {
  test("the VAPID keys are generated into DATA_DIR once (0600) and the public key is served to members", async () => {
    const file = path.join(app.dataDir, "vapid.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string };
    const a = await brother(app);
    expect((await a.client.get("/api/push/public-key")).json()).toEqual({ public_key: stored.publicKey });
    expect((await app.client().get("/api/push/public-key")).status).toBe(401);
  });

  test("a due member's browser gets the day's text, encrypted to its keys; the same minute twice sends once", async () => {
    const m = await member();
    const result = await runReminderMinute(deps, MONDAY_7AM_NEW_YORK);
    expect(result.reminded).toBeGreaterThanOrEqual(1);
    await service.waitFor(m.path, 1);
    const [push] = service.at(m.path);
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(push!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${app.ctx.push.publicKey}$`));
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    // The VAPID token: signed for this push service's origin, not expired, verified with the public key it names.
    const token = /t=([^,]+)/.exec(String(push!.headers.authorization))![1]!;
    const [header, claims, signature] = token.split(".");
    const payload = JSON.parse(Buffer.from(claims!, "base64url").toString()) as { aud: string; exp: number; sub: string };
    expect(payload.aud).toBe(pushBase);
    expect(payload.exp * 1000).toBeGreaterThan(Date.now());
    const publicKey = createPublicKey({
      key: { kty: "EC", crv: "P-256", ...pointToJwk(Buffer.from(app.ctx.push.publicKey, "base64url")) },
      format: "jwk",
    });
    const signed = Buffer.from(`${header}.${claims}`);
    expect(verify("sha256", signed, { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature!, "base64url"))).toBe(
      true,
    );
    const message = m.browser.decrypt(push!.body);
    const text = chooseReminderText(app.ctx.reminderTexts, m.id, "2026-03-09");
    expect(message).toEqual({ title: text.title, body: text.body, url: "/", tag: "reminder-2026-03-09" });

    await runReminderMinute(deps, MONDAY_7AM_NEW_YORK);
    await Promise.all([runReminderMinute(deps, MONDAY_7AM_NEW_YORK), runReminderMinute(deps, MONDAY_7AM_NEW_YORK)]);
    expect(service.at(m.path)).toHaveLength(1);
    const sends = await app.db.select().from(schema.reminderSends).where(eq(schema.reminderSends.userId, m.id));
    expect(sends.map((s) => s.localDate)).toEqual(["2026-03-09"]);
  });

  test("not at another minute, not on a day he did not choose, and not when today's devotional is complete", async () => {
    const other = await member({ time: "07:01" });
    const sunday = await member({ weekdays: [0] });
    const done = await member();
    await completedOn(app.db, done.id, ["2026-03-09"]);
    await runReminderMinute(deps, MONDAY_7AM_NEW_YORK);
    // The member at 07:01 gets his the next minute: the others' paths stay empty.
    await runReminderMinute(deps, new Date("2026-03-09T11:01:00Z"));
    await service.waitFor(other.path, 1);
    expect(service.at(sunday.path)).toHaveLength(0);
    expect(service.at(done.path)).toHaveLength(0);
    expect(await app.db.select().from(schema.reminderSends).where(eq(schema.reminderSends.userId, done.id))).toEqual([]);
  });

  test("a time the spring change skips (02:30 in New York on 8 March 2026) is due at the first minute after it", async () => {
    const m = await member({ time: "02:30", weekdays: [0] });
    await runReminderMinute(deps, new Date("2026-03-08T06:59:00Z")); // 01:59 EST
    expect(service.at(m.path)).toHaveLength(0);
    await runReminderMinute(deps, new Date("2026-03-08T07:00:00Z")); // 03:00 EDT
    await service.waitFor(m.path, 1);
    expect(m.browser.decrypt(service.at(m.path)[0]!.body).tag).toBe("reminder-2026-03-08");
  });

  test("a subscription the push service says is gone (410) is removed", async () => {
    const m = await member({ status: 410 });
    expect((await m.client.get("/api/reminders")).json().push_devices).toBe(1);
    await runReminderMinute(deps, MONDAY_7AM_NEW_YORK);
    await service.waitFor(m.path, 1);
    const rows = await app.db.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.userId, m.id));
    expect(rows).toEqual([]);
    expect((await m.client.get("/api/reminders")).json().push_devices).toBe(0);
  });

  test("email reminders go through the mail provider with a link to the app and a way to turn them off", async () => {
    const m = await brother(app, "Mailed");
    await m.client.put("/api/profile/time-zone", { time_zone: "Europe/London" });
    // 11:00 UTC on 9 March is 11:00 GMT in London.
    expect(
      (await m.client.patch("/api/reminders", { enabled: true, time: "11:00", weekdays: [1], push: false, email: true })).status,
    ).toBe(200);
    await runReminderMinute(deps, MONDAY_7AM_NEW_YORK);
    const email = (await m.client.get("/api/me")).json().user.email as string;
    const mails = (await readOutbox(app.db, email)).filter((mail) => mail.kind === "reminder");
    expect(mails).toHaveLength(1);
    const text = chooseReminderText(app.ctx.reminderTexts, m.id, "2026-03-09");
    expect(mails[0]!.subject).toBe(text.title);
    expect(mails[0]!.text).toContain(text.body);
    expect(mails[0]!.text).toContain(`${app.url}/`);
    expect(mails[0]!.text).toContain(`${app.url}/settings#reminders`);
    await runReminderMinute(deps, MONDAY_7AM_NEW_YORK);
    expect((await readOutbox(app.db, email)).filter((mail) => mail.kind === "reminder")).toHaveLength(1);
  });

  test("send me a test reminder: pushed now to his browser; without a way to reach him, a message saying what to do", async () => {
    const m = await member({ time: "05:00" });
    const res = await m.client.post("/api/reminders/test");
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toEqual({ pushed: 1, emailed: false });
    await service.waitFor(m.path, 1);
    expect(m.browser.decrypt(service.at(m.path)[0]!.body).tag).toBe("reminder-test");

    const none = await brother(app);
    const refused = await none.client.post("/api/reminders/test");
    expect(refused.status).toBe(409);
    expect(refused.json().error.message).toMatch(/Turn the reminder on in this browser first/);
  });

  test("one pg-boss job per minute, however often the minute is enqueued", async () => {
    const now = new Date("2030-01-01T10:00:30Z");
    await enqueueReminderMinutes(app.ctx.jobs, now);
    await enqueueReminderMinutes(app.ctx.jobs, now);
    await enqueueReminderMinutes(app.ctx.jobs, new Date("2030-01-01T10:01:10Z"));
    const rows = await app.db.execute<{ id: string; minute: string }>(
      sql`select id::text, data->>'minute' as minute from pgboss.job where name = 'reminder-minute' and data->>'minute' like '2030-01-01T%' order by 2`,
    );
    expect(rows.rows.map((r) => r.minute)).toEqual([
      "2030-01-01T09:58:00.000Z",
      "2030-01-01T09:59:00.000Z",
      "2030-01-01T10:00:00.000Z",
      "2030-01-01T10:01:00.000Z",
    ]);
    expect(rows.rows[2]!.id).toBe(minuteJobId(new Date("2030-01-01T10:00:00Z")));
  });
});

describe("through the job queue", () => {
  test("the tick is scheduled every minute, and a minute's job sent to the queue reminds whoever is due then", async () => {
    const schedules = await app.db.execute<{ name: string; cron: string }>(sql`select name, cron from pgboss.schedule`);
    expect(schedules.rows).toContainEqual({ name: "reminder-tick", cron: "* * * * *" });
    // 06:59 in New York on Monday 9 March 2026 is 10:59 UTC: one of the minutes a tick at 11:00 enqueues.
    const m = await member({ time: "06:59" });
    await enqueueReminderMinutes(app.ctx.jobs, new Date("2026-03-09T11:00:20Z"));
    await service.waitFor(m.path, 1, 30_000);
    expect(m.browser.decrypt(service.at(m.path)[0]!.body).tag).toBe("reminder-2026-03-09");
  });
});

describe("mention pushes", () => {
  test("pushed as 'X mentioned you' with a link when he has no stream open; not when a tab is open, or when he turned them off", async () => {
    const a = await member({ name: "Andrew", time: "04:00" });
    const b = await brother(app, "Barnabas");
    expect((await b.client.post("/api/pasture/posts", { body: `Praying for you @${a.username}, a private word` })).status).toBe(
      201,
    );
    await service.waitFor(a.path, 1);
    const message = a.browser.decrypt(service.at(a.path)[0]!.body);
    expect(message.title).toBe("Shepherd");
    expect(message.body).toBe("Barnabas mentioned you");
    expect(message.url).toMatch(/^\/pasture\?post=[0-9a-f-]{36}$/);
    expect(JSON.stringify(message)).not.toContain("private");

    const stream = await openEventStream(app.url, { cookie: a.client.cookieHeader() });
    try {
      await b.client.post("/api/pasture/posts", { body: `Another for @${a.username}` });
      await stream.take("the notifications event");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(service.at(a.path)).toHaveLength(1);
    } finally {
      stream.close();
    }

    expect((await a.client.patch("/api/reminders", { mention_push: false })).status).toBe(200);
    await b.client.post("/api/pasture/posts", { body: `A third for @${a.username}` });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(service.at(a.path)).toHaveLength(1);
  });
});

describe("reminder settings and subscriptions: his own, and bad input", () => {
  test("another member cannot read or change your settings or subscriptions", async () => {
    const a = await member({ time: "06:15", weekdays: [1, 3, 5] });
    const b = await brother(app);
    const mine = (await a.client.get("/api/reminders")).json();
    expect(mine).toMatchObject({
      enabled: true,
      time: "06:15",
      weekdays: [1, 3, 5],
      time_zone: "America/New_York",
      push_devices: 1,
    });
    expect((await b.client.get("/api/reminders")).json()).toMatchObject({ enabled: false, time: "07:00", push_devices: 0 });
    await b.client.patch("/api/reminders", { enabled: true, time: "21:00" });
    expect((await a.client.get("/api/reminders")).json()).toMatchObject({ time: "06:15" });

    expect((await b.client.post("/api/push/subscriptions/remove", { endpoint: a.browser.json.endpoint })).json()).toEqual({
      removed: false,
    });
    const stolen = browserSubscription(a.browser.json.endpoint);
    const taken = await b.client.post("/api/push/subscriptions", stolen.json);
    expect(taken.status).toBe(409);
    expect(taken.json().error.message).toMatch(/another account/);
    const [row] = await app.db
      .select()
      .from(schema.pushSubscriptions)
      .where(eq(schema.pushSubscriptions.endpoint, a.browser.json.endpoint));
    expect(row).toMatchObject({ userId: a.id, p256dh: a.browser.json.keys.p256dh });

    expect((await a.client.post("/api/push/subscriptions/remove", { endpoint: a.browser.json.endpoint })).json()).toEqual({
      removed: true,
    });
    expect((await a.client.get("/api/reminders")).json().push_devices).toBe(0);
  });

  test("bad input is a 400 with a message a person can act on", async () => {
    const a = await brother(app);
    const cases: Array<[string, unknown, RegExp]> = [
      ["/api/reminders", { time: "25:00" }, /time of day such as 07:30/],
      ["/api/reminders", { time: "7:5" }, /HH:MM/],
      ["/api/reminders", { weekdays: [] }, /at least one day/],
      ["/api/reminders", { weekdays: [7] }, /0 \(Sunday\) to 6/],
      ["/api/reminders", { enabled: "yes" }, /enabled/],
      ["/api/reminders", { colour: "red" }, /Unknown field: colour/],
    ];
    for (const [url, body, message] of cases) {
      const res = await a.client.patch(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    const good = browserSubscription("https://push.example.com/x").json;
    const subscribeCases: Array<[unknown, RegExp]> = [
      [{ ...good, endpoint: "http://push.example.com/x" }, /https:\/\//],
      [{ ...good, endpoint: "not a url" }, /must be a URL/],
      [{ ...good, keys: { p256dh: "short", auth: good.keys.auth } }, /keys\.p256dh is too short/],
      [{ ...good, keys: { p256dh: good.keys.p256dh, auth: "a$b".repeat(8) } }, /keys\.auth must be URL-safe base64/],
      [{ endpoint: good.endpoint }, /keys/],
    ];
    for (const [body, message] of subscribeCases) {
      const res = await a.client.post("/api/push/subscriptions", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    expect((await a.client.post("/api/push/subscriptions", good)).status).toBe(201);
  });

  test("his export carries his reminder settings and subscriptions; deleting his account removes them", async () => {
    const a = await member({ time: "06:45" });
    await runReminderMinute(deps, new Date("2026-03-09T10:45:00Z"));
    const exported = (await a.client.get("/api/account/export")).json();
    expect(exported.reminder_settings).toEqual([expect.objectContaining({ enabled: true, time: "06:45", weekdays: [1] })]);
    expect(exported.push_subscriptions).toEqual([expect.objectContaining({ endpoint: a.browser.json.endpoint })]);
    expect(JSON.stringify(exported.push_subscriptions)).not.toContain(a.browser.json.keys.auth);
    expect(exported.reminders_sent).toEqual([expect.objectContaining({ local_date: "2026-03-09" })]);
    const deleted = await a.client.delete("/api/account", { confirm: "DELETE" });
    expect(deleted.status, deleted.text).toBe(200);
    for (const table of [schema.pushSubscriptions, schema.reminderSends]) {
      expect(await app.db.select().from(table).where(eq(table.userId, a.id))).toEqual([]);
    }
    expect(await app.db.select().from(schema.reminderSettings).where(eq(schema.reminderSettings.userId, a.id))).toEqual([]);
  });
});

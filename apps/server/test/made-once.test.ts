import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AdminGeneratedImage, AdminImages } from "@shepherd/shared/admin";
import { monthKey, type PlanSummary } from "@shepherd/shared";
import { schema, type Database } from "../src/db/client";
import { drawMissingImages, generateImage } from "../src/modules/admin/images";
import { setAdmin } from "../src/modules/admin/service";
import { createOfflineImages, type ArtworkSubject, type ImageProvider } from "../src/providers/images/images";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

/**
 * Issue 40: audio and images are made once per key across machines. Two apps (two contexts, pools and job workers) on
 * one database stand in for two machines; they share one DATA_DIR, as two machines share one bucket, and one
 * OpenAI-compatible speech and images service on loopback, which counts what it is asked.
 */

// Two MPEG-2 Layer III frames after an empty ID3v2 tag.
const FRAME = Buffer.alloc(130, 0x55);
FRAME.set([0xff, 0xf3, 0x50, 0xc4]);
const MP3 = Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"), FRAME, FRAME]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([30, 0, 0, 0]), Buffer.from("WEBPVP8L"), Buffer.alloc(18, 1)]);

/**
 * The service's speech and images routes (anything else is a 500, so the AI text falls back to the composer). While
 * `hold` is set its answers wait until `hold` says they may go.
 */
const service = {
  speech: [] as string[],
  images: [] as string[],
  hold: null as null | (() => boolean),
  waiting: [] as Array<() => void>,
  /** Sends the answers held back, once `hold` lets them go (or at once, when told to). */
  answerHeld(force = false) {
    if (force || !this.hold?.()) {
      this.hold = null;
      this.waiting.splice(0).forEach((answer) => answer());
    }
  },
};
let model: http.Server;

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  model = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { input?: string; prompt?: string };
      let answer: () => void;
      if (req.url === "/v1/audio/speech") {
        service.speech.push(body.input ?? "");
        answer = () => res.writeHead(200, { "content-type": "audio/mpeg" }).end(MP3);
      } else if (req.url === "/v1/images/generations") {
        service.images.push(body.prompt ?? "");
        answer = () =>
          res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ data: [{ b64_json: WEBP.toString("base64") }] }));
      } else {
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not here" } }));
        return;
      }
      if (!service.hold) return answer();
      service.waiting.push(answer);
      service.answerHeld();
    });
  });
  model.listen(0, "127.0.0.1");
  await once(model, "listening");
  const env = {
    AI_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
    AI_API_KEY: "sk-test",
    IMAGE_MODEL: "gpt-image-1",
  };
  a = await startTestApp({ env });
  b = await startTestApp({ env, database: a.database, dataDir: a.dataDir });
});
afterAll(async () => {
  service.answerHeld(true);
  await b?.close();
  await a?.close();
  model?.closeAllConnections();
  await new Promise((resolve) => model?.close(resolve));
});

/** The same member on B: his session cookie, as a load balancer would send his next request there. */
function onB(client: TestClient): TestClient {
  const other = b.client();
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The database's clock, to compare with pg_stat_activity's. */
async function databaseNow(db: Database): Promise<string> {
  const { rows } = await db.execute<{ now: string }>(sql`select clock_timestamp()::text as now`);
  return rows[0]!.now;
}

/** Whether a database session tried a key lock after `since`: a caller waiting for the one who holds it. */
async function keyLockTriedSince(db: Database, since: string): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query like 'select pg_try_advisory_lock%' and query_start > ${since}::timestamptz`,
  );
  return rows[0]!.n > 0;
}

async function usage(userId: string) {
  const [row] = await a.db
    .select()
    .from(schema.monthlyUsageLimits)
    .where(and(eq(schema.monthlyUsageLimits.userId, userId), eq(schema.monthlyUsageLimits.month, monthKey(new Date()))));
  return { audio: row?.audioGenerations ?? 0, images: row?.imageGenerations ?? 0 };
}

describe("audio is made once per text and voice, and counted once", () => {
  const listen = (client: TestClient, text: string) =>
    client.post("/api/functions/generate-text-audio", { text, voice: "onyx", cacheKey: "daily-devotional-11" });

  test("Listen on A, then on B: one synthesis, one file, one use", async () => {
    const member = a.client();
    const user = await signUp(member);
    const first = await listen(member, "He restores my soul.");
    expect(first.status, first.text).toBe(200);
    const second = await listen(onB(member), "He restores my soul.");
    expect(second.status, second.text).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(service.speech.filter((text) => text === "He restores my soul.")).toHaveLength(1);
    expect(await a.ctx.storage.list(`audio/${user.id}`)).toHaveLength(1);
    expect((await usage(user.id)).audio).toBe(1);
  });

  test("Listen on A and on B at once: B waits for A's audio, and one use is counted", async () => {
    const member = a.client();
    const user = await signUp(member);
    const text = "He leads me in paths of righteousness.";
    const asked = () => service.speech.filter((input) => input === text).length;
    // A's synthesis is answered only once B has tried the lock A holds (or, were there no lock, asked as well).
    let bTried = false;
    service.hold = () => !bTried && asked() < 2;
    const fromA = listen(member, text);
    await waitFor("A to ask the speech service", () => asked() === 1);
    const since = await databaseNow(a.db);
    const fromB = listen(onB(member), text);
    await waitFor("B to try the lock", async () => asked() > 1 || (await keyLockTriedSince(a.db, since)));
    bTried = true;
    service.answerHeld();
    const [answerA, answerB] = await Promise.all([fromA, fromB]);
    expect([answerA.status, answerB.status]).toEqual([200, 200]);
    expect(answerB.json()).toEqual(answerA.json());
    expect(asked()).toBe(1);
    expect(await a.ctx.storage.list(`audio/${user.id}`)).toHaveLength(1);
    expect((await usage(user.id)).audio).toBe(1);
  });

  test("a chapter listened to on A, then on B: one synthesis, one file, one use", async () => {
    const member = a.client();
    const user = await signUp(member);
    const chapter = { translation: "web", book: "Ps", chapter: 117 };
    const before = service.speech.length;
    const first = await member.post("/api/word/audio", chapter);
    expect(first.status, first.text).toBe(200);
    const second = await onB(member).post("/api/word/audio", chapter);
    expect(second.status, second.text).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(service.speech.length - before).toBe(1);
    expect(await a.ctx.storage.list(`audio/${user.id}`)).toHaveLength(1);
    expect((await usage(user.id)).audio).toBe(1);
  });
});

describe("admin images are drawn once per subject, and no file is left over", () => {
  let admin: { client: TestClient; id: string; email: string };
  beforeAll(async () => {
    const client = a.client();
    const user = await signUp(client, { name: "Admin Person" });
    await setAdmin(a.db, user.email, true);
    await Promise.all([a.ctx.sessions.sync(), b.ctx.sessions.sync()]);
    admin = { client, id: user.id, email: user.email };
  });

  /** The offline drawing, counted; the first `together` calls wait for each other, so that many run at once. */
  function countedImages(together = 0) {
    const offline = createOfflineImages();
    const drawn: ArtworkSubject[] = [];
    let release!: () => void;
    const allIn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const provider: ImageProvider = {
      name: "offline",
      async artwork(subject) {
        drawn.push(subject);
        if (drawn.length >= together) release();
        else await allIn;
        return offline.artwork(subject);
      },
    };
    return { provider, drawn };
  }

  const storedKeys = async (folder: string) => (await a.ctx.storage.list(folder)).map((file) => file.key);
  const keyOf = (imageUrl: string | null) => imageUrl?.replace("/api/files/", "");

  test('"Generate all missing" pressed on A and on B at once: each plan drawn once, every file used', async () => {
    const before = (await usage(admin.id)).images;
    const asked = service.images.length;
    // No drawing is answered until two are asked for: both servers' jobs are then at work.
    service.hold = () => service.images.length - asked < 2;
    const pressed = await Promise.all([
      admin.client.post("/api/admin/images/missing?kind=plans"),
      onB(admin.client).post("/api/admin/images/missing?kind=plans"),
    ]);
    expect(pressed.map((r) => r.status)).toEqual([202, 202]);
    const missing = (pressed[0]!.json() as { missing: number }).missing;
    expect(missing).toBeGreaterThan(2);
    await waitFor("every plan to have a cover", async () => {
      const overview = (await admin.client.get("/api/admin/images?kind=plans")).json() as AdminImages;
      return overview.missing === 0;
    });

    const prompts = service.images.slice(asked);
    const plans = (await admin.client.get("/api/path/plans")).json() as PlanSummary[];
    expect(prompts).toHaveLength(missing);
    for (const plan of plans)
      expect(
        prompts.filter((p) => p.includes(`titled "${plan.title}"`)),
        plan.title,
      ).toHaveLength(1);
    expect((await storedKeys("covers/plan")).sort()).toEqual(plans.map((plan) => keyOf(plan.image_url)).sort());
    expect((await usage(admin.id)).images - before).toBe(missing);
  });

  test("two writers at once on A and B share the series out: each drawn once, every file used", async () => {
    const { provider, drawn } = countedImages(2);
    const job = { actorId: admin.id, actorEmail: admin.email, kind: "series" as const };
    const before = (await usage(admin.id)).images;
    const [onA, onBDrawn] = await Promise.all([
      drawMissingImages({ db: a.db, storage: a.ctx.storage, images: provider }, job),
      drawMissingImages({ db: b.db, storage: b.ctx.storage, images: provider }, job),
    ]);
    expect(onA).toBeGreaterThan(0);
    expect(onBDrawn).toBeGreaterThan(0);
    const rows = await a.db.select({ title: schema.series.title, imageUrl: schema.series.imageUrl }).from(schema.series);
    expect(onA + onBDrawn).toBe(rows.length);
    expect(drawn.map((subject) => subject.title).sort()).toEqual(rows.map((row) => row.title).sort());
    expect((await storedKeys("covers/series")).sort()).toEqual(rows.map((row) => keyOf(row.imageUrl)).sort());
    expect((await usage(admin.id)).images - before).toBe(rows.length);
  });

  test("one cover asked for on A and on B at once: drawn one after the other, the older file deleted", async () => {
    const [plan] = await a.db.select({ id: schema.plans.id, imageUrl: schema.plans.imageUrl }).from(schema.plans).limit(1);
    const before = (await usage(admin.id)).images;
    // The first drawing waits until the other server has tried the plan's lock.
    const offline = createOfflineImages();
    let calls = 0;
    const held: ImageProvider = {
      name: "offline",
      async artwork(subject) {
        calls += 1;
        if (calls === 1) {
          const since = await databaseNow(a.db);
          await waitFor("the other to try the lock", async () => calls > 1 || (await keyLockTriedSince(a.db, since)));
        }
        return offline.artwork(subject);
      },
    };
    const actor = { id: admin.id, email: admin.email, name: "Admin Person", role: "admin", twoFactorEnabled: false };
    const signedIn = { ...actor, via: "session" as const, sessionId: null };
    const target = { kind: "plans" as const, id: plan!.id };
    const made = await Promise.all([
      generateImage({ ...a.ctx, images: held }, signedIn, target),
      generateImage({ ...b.ctx, images: held }, signedIn, target),
    ]);
    expect(calls).toBe(2);
    const [row] = await a.db.select({ imageUrl: schema.plans.imageUrl }).from(schema.plans).where(eq(schema.plans.id, plan!.id));
    expect(made.map((m: AdminGeneratedImage) => m.image_url)).toContain(row!.imageUrl);
    const files = (await storedKeys("covers/plan")).filter((key) => key.startsWith(`covers/plan/${plan!.id}-`));
    expect(files).toEqual([keyOf(row!.imageUrl)]);
    expect(await a.ctx.storage.head(keyOf(plan!.imageUrl)!)).toBeNull();
    expect((await usage(admin.id)).images - before).toBe(2);
  });

  test("a plan deleted while its cover is drawn leaves no file and no count", async () => {
    const maker = a.client();
    const user = await signUp(maker, { name: "Plan Maker" });
    const [own] = await a.db
      .insert(schema.plans)
      .values({
        source: "custom",
        ownerId: user.id,
        theme: "work",
        title: "Gone soon",
        promise: "Mine",
        description: "His",
        minutesPerDay: 10,
      })
      .returning({ id: schema.plans.id });
    const offline = createOfflineImages();
    const deleting: ImageProvider = {
      name: "offline",
      async artwork(subject) {
        if (subject.title === "Gone soon") expect((await onB(maker).delete(`/api/path/plans/${own!.id}`)).status).toBe(200);
        return offline.artwork(subject);
      },
    };
    const before = (await usage(admin.id)).images;
    const drawn = await drawMissingImages(
      { db: a.db, storage: a.ctx.storage, images: deleting },
      { actorId: admin.id, actorEmail: admin.email, kind: "plans" },
    );
    expect(drawn).toBe(0);
    expect((await storedKeys("covers/plan")).filter((key) => key.startsWith(`covers/plan/${own!.id}-`))).toEqual([]);
    expect((await usage(admin.id)).images).toBe(before);
  });
});

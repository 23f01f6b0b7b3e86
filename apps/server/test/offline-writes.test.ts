import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addDays, localDate } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { setTimeZone } from "../src/modules/devotional/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";

/** Issue 18: writes queued on a device offline carry an Idempotency-Key; a replay is stored once. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const person = () => newPerson(app);
const keyed = (key: string) => ({ headers: { "idempotency-key": key } });

describe("a replayed write with the same id", () => {
  test("a journal entry sent twice (and twice at once) is stored once, and both answers are the first one", async () => {
    const { client, id } = await person();
    const key = crypto.randomUUID();
    const entry = { content: "Written on the train with no signal, sent when it came back." };
    const first = await client.post("/api/journal", entry, keyed(key));
    expect(first.status).toBe(201);
    const replay = await client.post("/api/journal", entry, keyed(key));
    expect(replay.status).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(first.json());

    const together = crypto.randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => client.post("/api/journal", entry, keyed(together))));
    // One is done; the others are told to try again (409) or get its answer.
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const rows = await app.db.select().from(schema.journalEntries).where(eq(schema.journalEntries.userId, id));
    expect(rows).toHaveLength(2);
  });

  test("Mark Complete, the check-in, a highlight and a note replayed change nothing more", async () => {
    const { client, id } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    for (const send of [
      (k: string) => client.post("/api/progress/complete", { devotional_id: devotional.id }, keyed(k)),
      (k: string) => client.put("/api/checkins/today", { mood: "good" }, keyed(k)),
      (k: string) => client.put("/api/word/highlights", { book: "John", chapter: 3, verses: [16], color: "yellow" }, keyed(k)),
    ]) {
      const key = crypto.randomUUID();
      const first = await send(key);
      expect(first.status).toBeLessThan(300);
      const again = await send(key);
      expect(again.status).toBe(first.status);
      expect(again.json()).toEqual(first.json());
    }
    const note = { book: "John", chapter: 3, verses: [16], content: "Loved first." };
    const key = crypto.randomUUID();
    await client.post("/api/word/notes", note, keyed(key));
    await client.post("/api/word/notes", note, keyed(key));
    const notes = await app.db.select().from(schema.bibleNotes).where(eq(schema.bibleNotes.userId, id));
    expect(notes).toHaveLength(1);
  });

  test("a key is one member's: another member's same key is his own write; a bad key or another path is refused", async () => {
    const a = await person();
    const b = await person();
    const key = crypto.randomUUID();
    const entry = { content: "The same id on two phones is two writes." };
    expect((await a.client.post("/api/journal", entry, keyed(key))).status).toBe(201);
    const theirs = await b.client.post("/api/journal", entry, keyed(key));
    expect(theirs.status).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();

    const bad = await a.client.post("/api/journal", entry, keyed("not-a-uuid"));
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toBe("The Idempotency-Key header must be a UUID made by the device.");
    const elsewhere = await a.client.post(
      "/api/word/notes",
      { book: "John", chapter: 3, verses: [16], content: "x" },
      keyed(key),
    );
    expect(elsewhere.status).toBe(400);
  });

  test("a refused first attempt frees the key for a corrected retry", async () => {
    const { client } = await person();
    const key = crypto.randomUUID();
    expect((await client.post("/api/journal", { content: "short" }, keyed(key))).status).toBe(400);
    expect((await client.post("/api/journal", { content: "Long enough this time around." }, keyed(key))).status).toBe(201);
  });
});

describe("a check-in made offline and sent later", () => {
  test("counts for the day it was made in his time zone, up to 3 days back, never a day to come", async () => {
    const { client, id } = await person();
    await setTimeZone(app.db, { userId: id, timeZone: "Pacific/Auckland" });
    const today = localDate(new Date(), "Pacific/Auckland");
    const yesterday = addDays(today, -1);
    const sent = await client.put("/api/checkins/today", { mood: "good", made_on: yesterday }, keyed(crypto.randomUUID()));
    expect(sent.status).toBe(200);
    expect(sent.json().checkin.check_in_date).toBe(yesterday);
    const rows = await app.db.select().from(schema.dailyCheckins).where(eq(schema.dailyCheckins.userId, id));
    expect(rows.map((r) => r.checkInDate)).toEqual([yesterday]);

    const late = await client.put("/api/checkins/today", { mood: "good", made_on: addDays(today, -4) });
    expect(late.status).toBe(400);
    expect(late.json().error.message).toBe("A check-in made offline counts for its day only if it is sent within 3 days.");
    const ahead = await client.put("/api/checkins/today", { mood: "good", made_on: addDays(today, 1) });
    expect(ahead.status).toBe(400);
    const badDate = await client.put("/api/checkins/today", { mood: "good", made_on: "yesterday" });
    expect(badDate.status).toBe(400);
    expect(badDate.json().error.message).toContain("made_on must be a date like 2026-01-31");
  });
});

describe("a plan day marked complete offline and sent later", () => {
  test("counts for the day it was marked in his time zone, up to 3 days back, never a day to come; a replay is stored once", async () => {
    const { client, id } = await person();
    await setTimeZone(app.db, { userId: id, timeZone: "Pacific/Auckland" });
    const today = localDate(new Date(), "Pacific/Auckland");
    const yesterday = addDays(today, -1);
    const plans = (await client.get("/api/path/plans")).json() as Array<{ id: string }>;
    const planId = plans[0]!.id;
    expect((await client.post(`/api/path/plans/${planId}/follow`, {})).status).toBe(201);
    // He started it two days ago: days 1 to 3 are open.
    await app.db
      .update(schema.planEnrollments)
      .set({ startDate: addDays(today, -2) })
      .where(eq(schema.planEnrollments.userId, id));
    const complete = (day: number, body?: object, key?: string) =>
      client.post(`/api/path/plans/${planId}/days/${day}/complete`, body, key ? keyed(key) : undefined);

    const key = crypto.randomUUID();
    const sent = await complete(1, { made_on: yesterday }, key);
    expect(sent.status, sent.text).toBe(200);
    const replay = await complete(1, { made_on: yesterday }, key);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(sent.json());
    // Without a date (online), or with an empty body, it is today's.
    expect((await complete(2)).status).toBe(200);
    expect((await complete(3, {})).status).toBe(200);
    const rows = await app.db
      .select({ on: schema.planDayCompletions.completedOn })
      .from(schema.planDayCompletions)
      .where(eq(schema.planDayCompletions.userId, id))
      .orderBy(schema.planDayCompletions.completedOn);
    expect(rows.map((r) => r.on)).toEqual([yesterday, today, today]);

    const late = await complete(1, { made_on: addDays(today, -4) });
    expect(late.status).toBe(400);
    expect(late.json().error.message).toBe(
      "A day marked complete made offline counts for its day only if it is sent within 3 days.",
    );
    const ahead = await complete(1, { made_on: addDays(today, 1) });
    expect(ahead.status).toBe(400);
    expect(ahead.json().error.message).toBe("A day marked complete cannot be made for a day that has not come yet.");
    const badDate = await complete(1, { made_on: "yesterday" });
    expect(badDate.status).toBe(400);
    expect(badDate.json().error.message).toContain("made_on must be a date like 2026-01-31");
  });
});

describe("Mark Complete made offline and sent later", () => {
  test("counts for its devotional's own day, whenever it is sent: it needs no date of its own", async () => {
    const { client, id } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    // He opened yesterday's devotional yesterday (its progress row dates from then) and sends Mark Complete today.
    const yesterday = addDays(devotional.devotional_date, -1);
    await app.db.update(schema.devotionals).set({ devotionalDate: yesterday }).where(eq(schema.devotionals.id, devotional.id));
    await app.db
      .update(schema.devotionalProgress)
      .set({ progressDate: yesterday })
      .where(eq(schema.devotionalProgress.userId, id));
    const done = await client.post("/api/progress/complete", { devotional_id: devotional.id }, keyed(crypto.randomUUID()));
    expect(done.status).toBe(200);
    const rows = await app.db.select().from(schema.devotionalProgress).where(eq(schema.devotionalProgress.userId, id));
    expect(rows.map((r) => [r.progressDate, r.completed])).toEqual([[yesterday, true]]);
  });
});

describe("his export", () => {
  test("lists the writes his devices sent with an id (key, method, path, when), not their stored answers", async () => {
    const { client } = await person();
    const key = crypto.randomUUID();
    const words = "Sent from the train when the signal came back.";
    expect((await client.post("/api/journal", { content: words }, keyed(key))).status).toBe(201);
    const exported = (await client.get("/api/account/export")).json();
    expect(exported.client_writes).toEqual([
      {
        key,
        method: "POST",
        path: "/api/journal",
        status: 201,
        created_at: expect.any(String),
        finished_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(exported.client_writes)).not.toContain(words);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { setTimeZone, streakDays } from "../src/modules/devotional/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";
import { addDays, checkedInOn, completedOn, whisperRows } from "./helpers/today";

/** Today's progress: Mark Complete, the prayer box, the streak, the connection slider and the daily check-in. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const person = () => newPerson(app);

describe("Mark Complete", () => {
  test("completes once, keeps it complete, and starts the streak", async () => {
    const { client, id } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    const first = await client.post("/api/progress/complete", { devotional_id: devotional.id });
    expect(first.status).toBe(200);
    const body = first.json();
    expect(body.progress).toMatchObject({ devotional_id: devotional.id, completed: true });
    expect(body.progress.completed_at).toBeTruthy();
    expect(body.streak).toBe(1);

    const second = await client.post("/api/progress/complete", { devotional_id: devotional.id });
    expect(second.status).toBe(200);
    expect(second.json().progress).toMatchObject({ completed: true, completed_at: body.progress.completed_at });
    expect(second.json().streak).toBe(1);

    const state = (await client.get("/api/today")).json();
    expect(state.progress.completed).toBe(true);
    expect(state.streak).toBe(1);
    expect((await client.get("/api/streak")).json()).toEqual({ streak: 1 });
    const rows = await app.db.select().from(schema.devotionalProgress).where(eq(schema.devotionalProgress.userId, id));
    expect(rows).toHaveLength(1);
  });

  test("another person's devotional is not found; a bad id is refused", async () => {
    const owner = await person();
    const devotional = (await owner.client.get("/api/today")).json().devotional;
    const { client, id } = await person();
    const response = await client.post("/api/progress/complete", { devotional_id: devotional.id });
    expect(response.status).toBe(404);
    expect((await client.post("/api/progress/complete", { devotional_id: crypto.randomUUID() })).status).toBe(404);
    expect((await client.post("/api/progress/complete", { devotional_id: "today" })).status).toBe(400);
    expect((await client.post("/api/progress/complete", {})).status).toBe(400);
    const mine = await app.db.select().from(schema.devotionalProgress).where(eq(schema.devotionalProgress.userId, id));
    expect(mine).toHaveLength(0);
    const theirs = await app.db.select().from(schema.devotionalProgress).where(eq(schema.devotionalProgress.userId, owner.id));
    expect(theirs[0]!.completed).toBe(false);
  });
});

describe("the prayer box", () => {
  test("marks the prayer prayed once, keeps the first time, and touches nobody else's", async () => {
    const { client, id } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    const first = await client.post("/api/progress/prayed", { devotional_id: devotional.id });
    expect(first.status).toBe(200);
    expect(first.json()).toMatchObject({ devotional_id: devotional.id, prayed_at: expect.any(String), completed: false });
    const again = await client.post("/api/progress/prayed", { devotional_id: devotional.id });
    expect(again.json().prayed_at).toBe(first.json().prayed_at);
    expect((await client.get("/api/today")).json().progress.prayed_at).toBe(first.json().prayed_at);

    const stranger = await person();
    const theirs = await stranger.client.post("/api/progress/prayed", { devotional_id: devotional.id });
    expect(theirs.status).toBe(404);
    expect(theirs.json().error.message).toBe("That devotional was not found.");
    expect((await stranger.client.post("/api/progress/prayed", { devotional_id: "today" })).status).toBe(400);
    expect((await stranger.client.post("/api/progress/prayed", {})).status).toBe(400);
    const strangerRows = await app.db
      .select()
      .from(schema.devotionalProgress)
      .where(eq(schema.devotionalProgress.userId, stranger.id));
    expect(strangerRows).toHaveLength(0);
    const [mine] = await app.db.select().from(schema.devotionalProgress).where(eq(schema.devotionalProgress.userId, id));
    expect(mine!.prayedAt?.toISOString()).toBe(first.json().prayed_at);
  });
});

describe("the streak", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  const today = "2026-06-15";

  test("is 0 with nothing done", async () => {
    const { id } = await person();
    expect(await streakDays(app.db, { userId: id, now })).toBe(0);
  });

  test("counts consecutive days back from today and stops at a gap", async () => {
    const { id } = await person();
    await completedOn(app.db, id, [today, addDays(today, -1), addDays(today, -2), addDays(today, -4), addDays(today, -5)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(3);
  });

  test("still counts when the latest day is yesterday", async () => {
    const { id } = await person();
    await completedOn(app.db, id, [addDays(today, -1)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(1);
    await completedOn(app.db, id, [addDays(today, -2), addDays(today, -3)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(3);
  });

  test("is 0 when the latest day is older than yesterday", async () => {
    const { id } = await person();
    await completedOn(app.db, id, [addDays(today, -2), addDays(today, -3), addDays(today, -4)]);
    await checkedInOn(app.db, id, [addDays(today, -5)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(0);
  });

  test("a check-in alone counts, and check-ins and completions join up", async () => {
    const { id } = await person();
    await checkedInOn(app.db, id, [today]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(1);
    await completedOn(app.db, id, [addDays(today, -1), today]);
    await checkedInOn(app.db, id, [addDays(today, -2)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(3);
  });

  test("a devotional opened but not completed does not count", async () => {
    const { id } = await person();
    await completedOn(app.db, id, [today, addDays(today, -1)], false);
    expect(await streakDays(app.db, { userId: id, now })).toBe(0);
  });

  test("runs across the new year", async () => {
    const { id } = await person();
    await completedOn(app.db, id, ["2026-12-30", "2026-12-31"]);
    await checkedInOn(app.db, id, ["2027-01-01"]);
    expect(await streakDays(app.db, { userId: id, now: new Date("2027-01-01T12:00:00Z") })).toBe(3);
    expect(await streakDays(app.db, { userId: id, now: new Date("2027-01-02T12:00:00Z") })).toBe(3);
    expect(await streakDays(app.db, { userId: id, now: new Date("2027-01-03T12:00:00Z") })).toBe(0);
  });

  test("is counted in the person's own time zone", async () => {
    const { id } = await person();
    await completedOn(app.db, id, ["2026-02-26", "2026-02-27"]);
    await checkedInOn(app.db, id, ["2026-03-01"]);
    const instant = new Date("2026-03-01T02:00:00Z");
    // New York: today is 28 February, so 27 and 26 February run on from yesterday; 1 March has not come yet.
    await setTimeZone(app.db, { userId: id, timeZone: "America/New_York" });
    expect(await streakDays(app.db, { userId: id, now: instant })).toBe(2);
    // UTC, the same instant: today is 1 March and 28 February is missing.
    await setTimeZone(app.db, { userId: id, timeZone: "UTC" });
    expect(await streakDays(app.db, { userId: id, now: instant })).toBe(1);
    // Tokyo, a day later: 2 March, the 1 March check-in was yesterday.
    await setTimeZone(app.db, { userId: id, timeZone: "Asia/Tokyo" });
    expect(await streakDays(app.db, { userId: id, now: new Date("2026-03-01T20:00:00Z") })).toBe(1);
  });

  test("looks back 365 days only", async () => {
    const { id } = await person();
    const days = Array.from({ length: 400 }, (_, i) => addDays(today, -i));
    await checkedInOn(
      app.db,
      id,
      days.filter((_, i) => i % 2 === 0),
    );
    await completedOn(
      app.db,
      id,
      days.filter((_, i) => i % 2 === 1),
    );
    expect(await streakDays(app.db, { userId: id, now })).toBe(365);
  });

  test("never counts another person's days", async () => {
    const { id } = await person();
    const other = await person();
    await completedOn(app.db, other.id, [today, addDays(today, -1), addDays(today, -2)]);
    await checkedInOn(app.db, other.id, [addDays(today, -3)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(0);
    // Their day does not fill the gap in mine either.
    await completedOn(app.db, id, [today, addDays(today, -2)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(1);
    expect(await streakDays(app.db, { userId: other.id, now })).toBe(4);
  });
});

describe("the streak calendar", () => {
  test("answers his kept days in the range, oldest first, with what each day was kept by", async () => {
    const { client, id } = await person();
    await setTimeZone(app.db, { userId: id, timeZone: "UTC" });
    const today = (await client.get("/api/today")).json().date as string;
    const from = addDays(today, -9);
    await completedOn(app.db, id, [addDays(today, -1), addDays(today, -3), addDays(today, -12)]);
    await checkedInOn(app.db, id, [addDays(today, -1), addDays(today, -2), today]);
    await completedOn(app.db, id, [addDays(today, -5)], false);

    const response = await client.get(`/api/streak/days?from=${from}&to=${today}`);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      today,
      streak: 4,
      days: [
        { date: addDays(today, -3), completed: true, checked_in: false },
        { date: addDays(today, -2), completed: false, checked_in: true },
        { date: addDays(today, -1), completed: true, checked_in: true },
        { date: today, completed: false, checked_in: true },
      ],
    });
    // A range in the past: the day 12 days ago alone.
    const past = await client.get(`/api/streak/days?from=${addDays(today, -20)}&to=${addDays(today, -10)}`);
    expect(past.json().days).toEqual([{ date: addDays(today, -12), completed: true, checked_in: false }]);
    // A new member: nothing kept yet, streak 0.
    const newcomer = await person();
    const empty = await newcomer.client.get(`/api/streak/days?from=${from}&to=${today}`);
    expect(empty.json()).toMatchObject({ streak: 0, days: [] });
  });

  test("shows only the asking person's days", async () => {
    const mine = await person();
    const theirs = await person();
    const today = (await mine.client.get("/api/today")).json().date as string;
    await completedOn(app.db, theirs.id, [today, addDays(today, -1)]);
    await checkedInOn(app.db, theirs.id, [addDays(today, -2)]);
    await checkedInOn(app.db, mine.id, [addDays(today, -1)]);
    const answer = (await mine.client.get(`/api/streak/days?from=${addDays(today, -6)}&to=${today}`)).json();
    expect(answer.days).toEqual([{ date: addDays(today, -1), completed: false, checked_in: true }]);
    expect(answer.streak).toBe(1);
  });

  test("needs a signed-in person and a sensible range", async () => {
    expect((await app.client().get("/api/streak/days?from=2026-06-01&to=2026-06-30")).status).toBe(401);
    const { client } = await person();
    const bad = {
      "": "from",
      "from=2026-06-01": "to",
      "from=2026-06-31&to=2026-07-01": "from",
      "from=June&to=2026-07-01": "from",
      "from=2026-06-10&to=2026-06-09": "to must not be before from",
      "from=2026-06-01&to=2026-08-02": "Ask for at most 62 days at a time",
      "from=2026-06-01&to=2026-06-30&user=someone": "Unknown field",
    };
    for (const [query, message] of Object.entries(bad)) {
      const response = await client.get(`/api/streak/days?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json().error.message, query).toContain(message);
    }
    // The longest span allowed: 62 days, both ends included.
    expect((await client.get("/api/streak/days?from=2026-06-01&to=2026-08-01")).status).toBe(200);
  });
});

describe("the connection slider", () => {
  test("saves 0 to 100 with the time it was set, and refuses anything else", async () => {
    const { client } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    const put = (value: unknown) =>
      client.request("PUT", "/api/progress/connection", { json: { devotional_id: devotional.id, value } });

    for (const value of [0, 37, 100]) {
      const response = await put(value);
      expect(response.status, String(value)).toBe(200);
      expect(response.json().progress.spiritual_connection).toBe(value);
      expect(response.json().progress.connection_updated_at).toBeTruthy();
    }
    const state = (await client.get("/api/today")).json();
    expect(state.progress.spiritual_connection).toBe(100);
    expect(state.progress.connection_updated_at).toBeTruthy();

    for (const value of [101, -1, 3.5, "x", null]) {
      const response = await put(value);
      expect(response.status, String(value)).toBe(400);
      expect(response.json().error.code).toBe("BAD_REQUEST");
    }
    expect((await put(101)).json().error.message).toBe("value: value must be a number from 0 to 100");
    expect((await put(-1)).json().error.message).toBe("value: value must be a number from 0 to 100");
    expect((await put(3.5)).json().error.message).toBe("value: value must be a whole number");
    expect((await client.request("PUT", "/api/progress/connection", { json: { devotional_id: devotional.id } })).status).toBe(
      400,
    );
    expect(
      (await client.request("PUT", "/api/progress/connection", { json: { devotional_id: devotional.id, value: 40, x: 1 } }))
        .status,
    ).toBe(400);
    expect((await client.get("/api/today")).json().progress.spiritual_connection).toBe(100);

    const stranger = await person();
    const theirs = await stranger.client.request("PUT", "/api/progress/connection", {
      json: { devotional_id: devotional.id, value: 10 },
    });
    expect(theirs.status).toBe(404);
    expect(await whisperRows(app.db, stranger.id)).toHaveLength(0);
  });

  test("below 30 brings a struggle whisper; 30 does not", async () => {
    const { client, id } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    const thirty = await client.request("PUT", "/api/progress/connection", {
      json: { devotional_id: devotional.id, value: 30 },
    });
    expect(thirty.json().whisper).toBeNull();
    expect(await whisperRows(app.db, id)).toHaveLength(0);

    const low = await client.request("PUT", "/api/progress/connection", {
      json: { devotional_id: devotional.id, value: 29 },
    });
    expect(low.status).toBe(200);
    expect(low.json().whisper).toMatchObject({ trigger_type: "struggle", read: false });
    const rows = await whisperRows(app.db, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ triggerType: "struggle", read: false, id: low.json().whisper.id });
    expect(rows[0]!.message.length).toBeGreaterThan(0);
    expect((await client.get("/api/today")).json().whisper).toMatchObject({ id: rows[0]!.id });
  });

  test("a drag that stays below 30 brings no more whispers; dropping below 30 again brings one", async () => {
    const { client, id } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    const put = async (value: number) => {
      const response = await client.request("PUT", "/api/progress/connection", {
        json: { devotional_id: devotional.id, value },
      });
      expect(response.status, String(value)).toBe(200);
      return response.json().whisper;
    };
    // From the default of 50 straight down: one whisper.
    expect(await put(20)).toMatchObject({ trigger_type: "struggle" });
    // Saves along the same drag, still below 30.
    expect(await put(15)).toBeNull();
    expect(await put(25)).toBeNull();
    expect(await whisperRows(app.db, id)).toHaveLength(1);
    // Back up, and down again: a new moment of struggle.
    expect(await put(60)).toBeNull();
    expect(await put(10)).toMatchObject({ trigger_type: "struggle" });
    expect((await whisperRows(app.db, id)).map((w) => w.triggerType)).toEqual(["struggle", "struggle"]);
  });
});

describe("the daily check-in", () => {
  const put = (client: TestClient, json: unknown) => client.request("PUT", "/api/checkins/today", { json });

  async function checkinRows(userId: string) {
    return app.db.select().from(schema.dailyCheckins).where(eq(schema.dailyCheckins.userId, userId));
  }

  test("one per person per day: a second save updates it", async () => {
    const { client, id } = await person();
    expect((await client.get("/api/checkins/today")).json()).toEqual({ checkin: null });

    const first = await put(client, {
      mood: "good",
      focus_areas: ["marriage", "work", "marriage"],
      notes: "  Prayed with my wife before work.  ",
      spiritual_connection: 70,
    });
    expect(first.status).toBe(200);
    expect(first.json()).toMatchObject({
      checkin: {
        mood: "good",
        focus_areas: ["marriage", "work"],
        notes: "Prayed with my wife before work.",
        spiritual_connection: 70,
      },
      whisper: { trigger_type: "daily_checkin" },
      care: false,
    });

    const second = await put(client, { mood: "great", focus_areas: ["prayer"] });
    expect(second.status).toBe(200);
    expect(second.json().checkin).toMatchObject({ mood: "great", focus_areas: ["prayer"], notes: null });
    expect(second.json().checkin.check_in_date).toBe(first.json().checkin.check_in_date);

    const rows = await checkinRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mood: "great", focusAreas: ["prayer"] });
    expect((await client.get("/api/checkins/today")).json().checkin).toEqual(second.json().checkin);
    const state = (await client.get("/api/today")).json();
    expect(state.checkin).toEqual(second.json().checkin);
    // A check-in alone makes a day of the streak.
    expect(state.streak).toBe(1);
    expect((await whisperRows(app.db, id)).map((w) => w.triggerType)).toEqual(["daily_checkin", "daily_checkin"]);
  });

  test("the mood must be one of the four, focus areas from the list, and no unknown fields", async () => {
    const { client, id } = await person();
    for (const mood of ["struggling", "neutral", "good", "great"]) {
      expect((await put(client, { mood })).status, mood).toBe(200);
    }
    for (const body of [
      { mood: "happy" },
      {},
      { mood: "GOOD" },
      { mood: "good", focus_areas: ["golf"] },
      { mood: "good", spiritual_connection: 101 },
      { mood: "good", notes: "x".repeat(2001) },
      { mood: "good", extra: true },
    ]) {
      const response = await put(client, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await put(client, { mood: "happy" })).json().error.message).toBe(
      "mood: Choose a mood: struggling, neutral, good or great",
    );
    expect((await put(client, { mood: "good", spiritual_connection: 101 })).json().error.message).toBe(
      "spiritual_connection: spiritual_connection must be a whole number from 0 to 100",
    );
    expect((await put(client, { mood: "good", focus_areas: ["golf"] })).json().error.message).toBe(
      "focus_areas.0: Choose focus areas from the list",
    );
    const rows = await checkinRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mood).toBe("great");
  });

  test("a connection below 30 makes the whisper a struggle whisper", async () => {
    const { client, id } = await person();
    const response = await put(client, { mood: "struggling", spiritual_connection: 29 });
    expect(response.json().whisper).toMatchObject({ trigger_type: "struggle" });
    const at30 = await put(client, { mood: "neutral", spiritual_connection: 30 });
    expect(at30.json().whisper).toMatchObject({ trigger_type: "daily_checkin" });
    expect((await whisperRows(app.db, id)).map((w) => w.triggerType).sort()).toEqual(["daily_checkin", "struggle"]);
  });

  test("notes that need care are saved, answered with care, and never make a whisper", async () => {
    const { client, id } = await person();
    const notes = "Honestly some days I want to end my life.";
    const response = await put(client, { mood: "struggling", notes, spiritual_connection: 5 });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ checkin: { notes }, whisper: null, care: true });
    expect((await checkinRows(id))[0]!.notes).toBe(notes);
    // As typed on a phone, with a curly apostrophe.
    const phone = await put(client, { mood: "struggling", notes: "I don’t want to wake up tomorrow." });
    expect(phone.json()).toMatchObject({ whisper: null, care: true });
    expect(await whisperRows(app.db, id)).toHaveLength(0);
  });
});

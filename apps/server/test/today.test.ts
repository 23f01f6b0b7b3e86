import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FOCUS_THEME_IDS, localDate, type FocusThemeId } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { passageText } from "../src/bible/passages";
import { setTimeZone, streakDays } from "../src/modules/devotional/service";
import { getTodayDevotional, refreshDevotional } from "../src/modules/today/service";
import type { DevotionalRequest } from "../src/providers/ai/ai";
import { chooseDevotional } from "../src/providers/ai/composer";
import { loadLibrary, type LibraryDevotional } from "../src/providers/ai/library";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const library = loadLibrary().devotionals;
const byId = new Map(library.map((d) => [d.id, d]));

const person = () => newPerson(app);

/** Adds `days` to a YYYY-MM-DD date. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function devotionalRows(userId: string) {
  return app.db
    .select()
    .from(schema.devotionals)
    .where(eq(schema.devotionals.userId, userId))
    .orderBy(schema.devotionals.devotionalDate);
}

async function whisperRows(userId: string) {
  return app.db.select().from(schema.encouragementWhispers).where(eq(schema.encouragementWhispers.userId, userId));
}

/** Days with a completed devotional, written straight into the tables. */
async function completedOn(userId: string, dates: string[], completed = true) {
  if (!dates.length) return;
  const rows = await app.db
    .insert(schema.devotionals)
    .values(
      dates.map((date) => ({
        userId,
        devotionalDate: date,
        title: `Devotional of ${date}`,
        passage: "Joshua 24:15",
        passageText: "as for me and my house, we will serve Yahweh.",
        content: "A body.",
        reflection: "A question?",
        theme: "leadership",
        prayer: "A prayer.",
        source: "test",
      })),
    )
    .returning();
  await app.db.insert(schema.devotionalProgress).values(
    rows.map((row) => ({
      userId,
      devotionalId: row.id,
      progressDate: row.devotionalDate,
      completed,
      completedAt: completed ? new Date(`${row.devotionalDate}T12:00:00Z`) : null,
    })),
  );
}

/** Days with a check-in, written straight into the table. */
async function checkedInOn(userId: string, dates: string[]) {
  if (!dates.length) return;
  await app.db.insert(schema.dailyCheckins).values(dates.map((date) => ({ userId, checkInDate: date, mood: "good" })));
}

function request(over: Partial<DevotionalRequest> = {}): DevotionalRequest {
  return {
    userId: "composer-user",
    date: "2026-03-01",
    displayName: null,
    focus: [],
    currentTopics: [],
    recentLibraryIds: [],
    recentPassages: [],
    variant: 0,
    ...over,
  };
}

const DATES = Array.from({ length: 20 }, (_, i) => addDays("2026-01-01", i * 7));

describe("the composer's choice", () => {
  test("keeps to the focus themes while fresh ones remain, then widens", () => {
    const focus: FocusThemeId[] = ["marriage", "work"];
    for (const date of DATES) {
      expect(focus, date).toContain(chooseDevotional(library, request({ date, focus })).theme);
    }
    const focusIds = library.filter((d) => focus.includes(d.theme)).map((d) => d.id);
    // One devotional of the focus left: it is the one.
    const left = focusIds[5]!;
    const recent = focusIds.filter((id) => id !== left);
    for (const date of DATES) {
      expect(chooseDevotional(library, request({ date, focus, recentLibraryIds: recent })).id, date).toBe(left);
    }
    // None left: another theme, still fresh.
    for (const date of DATES) {
      const pick = chooseDevotional(library, request({ date, focus, recentLibraryIds: focusIds }));
      expect(focus, date).not.toContain(pick.theme);
      expect(focusIds).not.toContain(pick.id);
    }
  });

  test("with no focus chosen it draws on every theme", () => {
    const themes = new Set(DATES.map((date) => chooseDevotional(library, request({ date })).theme));
    expect(themes.size).toBeGreaterThan(2);
  });

  test("prefers devotionals that speak to the current topics", () => {
    const strain = library.filter((d) => d.theme === "marriage" && d.topics.includes("marriage_strain")).map((d) => d.id);
    expect(strain.length).toBeGreaterThan(0);
    expect(strain.length).toBeLessThan(8);
    for (const date of DATES.slice(0, 5)) {
      // Day after day (each pick becoming recent), the marriage_strain ones come first, then the rest.
      const recent: string[] = [];
      for (let day = 0; day < 8; day++) {
        const pick = chooseDevotional(
          library,
          request({ date, focus: ["marriage"], currentTopics: ["marriage_strain"], recentLibraryIds: recent }),
        );
        expect(pick.theme).toBe("marriage");
        expect(pick.topics.includes("marriage_strain"), `${date} day ${day}: ${pick.id}`).toBe(day < strain.length);
        recent.push(pick.id);
      }
      expect(new Set(recent).size).toBe(8);
    }
    // Two topics at once: the one that speaks to both wins.
    for (const date of DATES) {
      const pick = chooseDevotional(
        library,
        request({ date, focus: ["marriage"], currentTopics: ["work_pressure", "finances"] }),
      );
      expect(pick.id).toBe("marriage-05");
    }
  });

  test("never repeats an id or a passage of the recent lists", () => {
    for (const date of DATES) {
      for (const variant of [0, 1, 2]) {
        const recentLibraryIds = library.filter((_, i) => i % 3 === 0).map((d) => d.id);
        const recentPassages = library.filter((_, i) => i % 3 === 1).map((d) => d.passage);
        const pick = chooseDevotional(library, request({ date, variant, recentLibraryIds, recentPassages }));
        expect(recentLibraryIds).not.toContain(pick.id);
        expect(recentPassages).not.toContain(pick.passage);
      }
      // A passage given recently (say, by a model) is not given again under another id.
      const first = chooseDevotional(library, request({ date, focus: ["prayer"] }));
      const second = chooseDevotional(library, request({ date, focus: ["prayer"], recentPassages: [first.passage] }));
      expect(second.id).not.toBe(first.id);
      expect(second.passage).not.toBe(first.passage);
    }
  });

  test("is the same for the same person, date and variant, and differs for another variant", () => {
    for (const date of DATES) {
      const a = chooseDevotional(library, request({ date, focus: ["fatherhood", "leadership"] }));
      const b = chooseDevotional(library, request({ date, focus: ["fatherhood", "leadership"] }));
      expect(b.id).toBe(a.id);
      const variants = new Set(
        [0, 1, 2, 3, 4, 5].map((variant) => chooseDevotional(library, request({ date, variant, focus: ["fatherhood"] })).id),
      );
      expect(variants.size, date).toBeGreaterThan(1);
    }
    // Two people on the same day are not all given the same devotional.
    const people = new Set(
      Array.from({ length: 10 }, (_, i) => chooseDevotional(library, request({ userId: `person-${i}` })).id),
    );
    expect(people.size).toBeGreaterThan(1);
  });

  test("when everything was given recently it takes the one given longest ago", () => {
    const tiny: LibraryDevotional[] = library.slice(0, 3);
    const pick = chooseDevotional(
      tiny,
      request({ recentLibraryIds: [tiny[1]!.id, tiny[2]!.id, tiny[0]!.id], recentPassages: tiny.map((d) => d.passage) }),
    );
    expect(pick.id).toBe(tiny[1]!.id);
  });

  test("31 days for one person with a two-theme focus: the focus first, then other themes, no repeat within 30 days", async () => {
    const { client, id } = await person();
    const focus: FocusThemeId[] = ["marriage", "fatherhood"];
    expect((await client.patch("/api/profile", { focus })).status).toBe(200);
    expect((await client.request("PUT", "/api/profile/time-zone", { json: { time_zone: "America/Chicago" } })).status).toBe(200);

    const start = "2026-01-10";
    const days: Array<{ date: string; libraryId: string; theme: string; passage: string }> = [];
    for (let i = 0; i < 31; i++) {
      const date = addDays(start, i);
      // 03:00 UTC is still the evening before in Chicago.
      const now = new Date(`${addDays(date, 1)}T03:00:00Z`);
      const { devotional, date: served, timeZone } = await getTodayDevotional(app.db, app.ctx.ai, { userId: id, now });
      expect(served).toBe(date);
      expect(timeZone).toBe("America/Chicago");
      expect(devotional.devotional_date).toBe(date);
      expect(devotional.passage_text).toBe(passageText(devotional.passage));
      const [row] = await app.db.select().from(schema.devotionals).where(eq(schema.devotionals.id, devotional.id));
      expect(row!.libraryId).toBeTruthy();
      days.push({ date, libraryId: row!.libraryId!, theme: devotional.theme, passage: devotional.passage });
    }

    const focusIds = library.filter((d) => focus.includes(d.theme)).map((d) => d.id);
    expect(focusIds).toHaveLength(16);
    // The first 16 days use up the focus themes, each devotional once.
    expect(days.slice(0, 16).every((d) => focus.includes(d.theme as FocusThemeId))).toBe(true);
    expect(new Set(days.slice(0, 16).map((d) => d.libraryId))).toEqual(new Set(focusIds));
    // Then, with every focus devotional given in the last 30 days, it widens to the other themes.
    for (const day of days.slice(16)) {
      expect(focus, day.date).not.toContain(day.theme);
      expect(FOCUS_THEME_IDS).toContain(day.theme);
    }
    // No id or passage repeats within any 30 days (here: at all in 31 days).
    expect(new Set(days.map((d) => d.libraryId)).size).toBe(31);
    expect(new Set(days.map((d) => d.passage)).size).toBe(31);
    for (const day of days) expect(byId.get(day.libraryId)?.passage).toBe(day.passage);

    // Each day was generated once and is served again the same.
    expect(await devotionalRows(id)).toHaveLength(31);
    const again = await getTodayDevotional(app.db, app.ctx.ai, {
      userId: id,
      now: new Date(`${addDays(start, 5)}T18:00:00Z`),
    });
    expect(again.devotional.devotional_date).toBe(addDays(start, 5));
    expect((await devotionalRows(id)).find((r) => r.devotionalDate === addDays(start, 5))?.libraryId).toBe(days[5]!.libraryId);
  });
});

describe("today's devotional", () => {
  test("GET /api/today gives the devotional with its WEB text and a fresh day", async () => {
    const { client, id } = await person();
    const before = localDate(new Date(), "UTC");
    const response = await client.get("/api/today");
    const after = localDate(new Date(), "UTC");
    expect(response.status).toBe(200);
    const state = response.json();
    expect([before, after]).toContain(state.date);
    expect(state.time_zone).toBe("UTC");
    expect(state.devotional.devotional_date).toBe(state.date);
    expect(state.devotional.passage_text).toBe(passageText(state.devotional.passage));
    expect(state.devotional.passage_text.length).toBeGreaterThan(0);
    for (const field of ["title", "passage", "content", "reflection", "theme", "prayer"]) {
      expect(typeof state.devotional[field], field).toBe("string");
      expect(state.devotional[field].length, field).toBeGreaterThan(0);
    }
    expect(state.progress).toMatchObject({
      devotional_id: state.devotional.id,
      completed: false,
      completed_at: null,
      spiritual_connection: 50,
      connection_updated_at: null,
    });
    expect(state.streak).toBe(0);
    expect(state.checkin).toBeNull();
    expect(state.journal_saved_today).toBe(false);
    expect(state.whisper).toBeNull();

    const progress = await app.db.select().from(schema.devotionalProgress).where(eq(schema.devotionalProgress.userId, id));
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatchObject({ devotionalId: state.devotional.id, spiritualConnection: 50, completed: false });

    // A second look creates nothing new.
    const again = (await client.get("/api/today")).json();
    expect(again.devotional).toEqual(state.devotional);
    expect(again.progress.id).toBe(state.progress.id);
  });

  test("generate-daily-devotional is generated once per day and returned the same", async () => {
    const { client, id } = await person();
    const first = await client.post("/api/functions/generate-daily-devotional");
    expect(first.status).toBe(200);
    const second = await client.post("/api/functions/generate-daily-devotional");
    expect(second.status).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(first.json().passage_text).toBe(passageText(first.json().passage));
    expect((await client.get("/api/devotionals/today")).json()).toEqual(first.json());
    expect((await client.get("/api/today")).json().devotional).toEqual(first.json());
    expect(await devotionalRows(id)).toHaveLength(1);
    // The daily devotional is not counted against the monthly devotional cap.
    const usage = (await client.get("/api/usage")).json();
    expect(usage.features).toContainEqual(expect.objectContaining({ feature: "devotional", used: 0 }));
  });

  test("needs a signed-in person", async () => {
    const anonymous = app.client();
    const id = crypto.randomUUID();
    const answers = [
      await anonymous.get("/api/today"),
      await anonymous.get("/api/devotionals/today"),
      await anonymous.post("/api/functions/generate-daily-devotional"),
      await anonymous.post("/api/functions/refresh-devotional"),
      await anonymous.get("/api/streak"),
      await anonymous.post("/api/progress/complete", { devotional_id: id }),
      await anonymous.post("/api/progress/prayed", { devotional_id: id }),
      await anonymous.request("PUT", "/api/progress/connection", { json: { devotional_id: id, value: 10 } }),
      await anonymous.get("/api/checkins/today"),
      await anonymous.request("PUT", "/api/checkins/today", { json: { mood: "good" } }),
      await anonymous.request("PUT", "/api/profile/time-zone", { json: { time_zone: "UTC" } }),
    ];
    for (const response of answers) {
      expect(response.status).toBe(401);
      expect(response.json().error.message.length).toBeGreaterThan(0);
    }
  });

  test("the time zone is saved, checked, and sets the person's day", async () => {
    const { client, id } = await person();
    const saved = await client.request("PUT", "/api/profile/time-zone", { json: { time_zone: "America/New_York" } });
    expect(saved.status).toBe(200);
    expect(saved.json()).toEqual({ time_zone: "America/New_York" });
    const [profile] = await app.db.select().from(schema.profiles).where(eq(schema.profiles.id, id));
    expect(profile!.timeZone).toBe("America/New_York");

    const bad = await client.request("PUT", "/api/profile/time-zone", { json: { time_zone: "Mars/Olympus" } });
    expect(bad.status).toBe(400);
    expect(bad.json().error.code).toBe("BAD_REQUEST");
    expect((await client.request("PUT", "/api/profile/time-zone", { json: { zone: "UTC" } })).status).toBe(400);
    expect((await client.request("PUT", "/api/profile/time-zone", { json: { time_zone: 5 } })).status).toBe(400);
    const [unchanged] = await app.db.select().from(schema.profiles).where(eq(schema.profiles.id, id));
    expect(unchanged!.timeZone).toBe("America/New_York");
    const before = localDate(new Date(), "America/New_York");
    const state = (await client.get("/api/today")).json();
    const after = localDate(new Date(), "America/New_York");
    expect(state.time_zone).toBe("America/New_York");
    expect([before, after]).toContain(state.date);
    expect(state.devotional.devotional_date).toBe(state.date);

    // 02:00 UTC on 1 March is still 28 February in New York.
    const instant = new Date("2026-03-01T02:00:00Z");
    const ny = await getTodayDevotional(app.db, app.ctx.ai, { userId: id, now: instant });
    expect(ny.date).toBe("2026-02-28");
    expect(ny.timeZone).toBe("America/New_York");
    expect(ny.devotional.devotional_date).toBe("2026-02-28");

    const other = await person();
    const utc = await getTodayDevotional(app.db, app.ctx.ai, { userId: other.id, now: instant });
    expect(utc.date).toBe("2026-03-01");
    expect(utc.timeZone).toBe("UTC");

    // The day (and so the devotional) changes at the person's own midnight.
    const nextNy = await getTodayDevotional(app.db, app.ctx.ai, { userId: id, now: new Date("2026-03-01T05:00:00Z") });
    expect(nextNy.date).toBe("2026-03-01");
    expect(nextNy.devotional.id).not.toBe(ny.devotional.id);
  });
});

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
    await completedOn(id, [today, addDays(today, -1), addDays(today, -2), addDays(today, -4), addDays(today, -5)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(3);
  });

  test("still counts when the latest day is yesterday", async () => {
    const { id } = await person();
    await completedOn(id, [addDays(today, -1)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(1);
    await completedOn(id, [addDays(today, -2), addDays(today, -3)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(3);
  });

  test("is 0 when the latest day is older than yesterday", async () => {
    const { id } = await person();
    await completedOn(id, [addDays(today, -2), addDays(today, -3), addDays(today, -4)]);
    await checkedInOn(id, [addDays(today, -5)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(0);
  });

  test("a check-in alone counts, and check-ins and completions join up", async () => {
    const { id } = await person();
    await checkedInOn(id, [today]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(1);
    await completedOn(id, [addDays(today, -1), today]);
    await checkedInOn(id, [addDays(today, -2)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(3);
  });

  test("a devotional opened but not completed does not count", async () => {
    const { id } = await person();
    await completedOn(id, [today, addDays(today, -1)], false);
    expect(await streakDays(app.db, { userId: id, now })).toBe(0);
  });

  test("runs across the new year", async () => {
    const { id } = await person();
    await completedOn(id, ["2026-12-30", "2026-12-31"]);
    await checkedInOn(id, ["2027-01-01"]);
    expect(await streakDays(app.db, { userId: id, now: new Date("2027-01-01T12:00:00Z") })).toBe(3);
    expect(await streakDays(app.db, { userId: id, now: new Date("2027-01-02T12:00:00Z") })).toBe(3);
    expect(await streakDays(app.db, { userId: id, now: new Date("2027-01-03T12:00:00Z") })).toBe(0);
  });

  test("is counted in the person's own time zone", async () => {
    const { id } = await person();
    await completedOn(id, ["2026-02-26", "2026-02-27"]);
    await checkedInOn(id, ["2026-03-01"]);
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
      id,
      days.filter((_, i) => i % 2 === 0),
    );
    await completedOn(
      id,
      days.filter((_, i) => i % 2 === 1),
    );
    expect(await streakDays(app.db, { userId: id, now })).toBe(365);
  });

  test("never counts another person's days", async () => {
    const { id } = await person();
    const other = await person();
    await completedOn(other.id, [today, addDays(today, -1), addDays(today, -2)]);
    await checkedInOn(other.id, [addDays(today, -3)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(0);
    // Their day does not fill the gap in mine either.
    await completedOn(id, [today, addDays(today, -2)]);
    expect(await streakDays(app.db, { userId: id, now })).toBe(1);
    expect(await streakDays(app.db, { userId: other.id, now })).toBe(4);
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
    expect(await whisperRows(stranger.id)).toHaveLength(0);
  });

  test("below 30 brings a struggle whisper; 30 does not", async () => {
    const { client, id } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    const thirty = await client.request("PUT", "/api/progress/connection", {
      json: { devotional_id: devotional.id, value: 30 },
    });
    expect(thirty.json().whisper).toBeNull();
    expect(await whisperRows(id)).toHaveLength(0);

    const low = await client.request("PUT", "/api/progress/connection", {
      json: { devotional_id: devotional.id, value: 29 },
    });
    expect(low.status).toBe(200);
    expect(low.json().whisper).toMatchObject({ trigger_type: "struggle", read: false });
    const rows = await whisperRows(id);
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
    expect(await whisperRows(id)).toHaveLength(1);
    // Back up, and down again: a new moment of struggle.
    expect(await put(60)).toBeNull();
    expect(await put(10)).toMatchObject({ trigger_type: "struggle" });
    expect((await whisperRows(id)).map((w) => w.triggerType)).toEqual(["struggle", "struggle"]);
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
    expect((await whisperRows(id)).map((w) => w.triggerType)).toEqual(["daily_checkin", "daily_checkin"]);
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
    expect((await whisperRows(id)).map((w) => w.triggerType).sort()).toEqual(["daily_checkin", "struggle"]);
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
    expect(await whisperRows(id)).toHaveLength(0);
  });
});

describe("refresh-devotional", () => {
  test("gives a different devotional once a month for a free person, then the cap", async () => {
    const { client, id } = await person();
    const original = (await client.get("/api/today")).json().devotional;
    const [before] = await devotionalRows(id);

    const refreshed = await client.post("/api/functions/refresh-devotional");
    expect(refreshed.status).toBe(200);
    const fresh = refreshed.json();
    expect(fresh.id).toBe(original.id);
    expect(fresh.devotional_date).toBe(original.devotional_date);
    expect(fresh.passage).not.toBe(original.passage);
    expect(fresh.passage_text).toBe(passageText(fresh.passage));
    const rows = await devotionalRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.libraryId).toBeTruthy();
    expect(rows[0]!.libraryId).not.toBe(before!.libraryId);
    expect(rows[0]!.refreshCount).toBe(1);
    expect((await client.get("/api/today")).json().devotional).toEqual(fresh);

    const again = await client.post("/api/functions/refresh-devotional");
    expect(again.status).toBe(429);
    expect(again.json().error.code).toBe("LIMIT_REACHED");
    expect((await devotionalRows(id))[0]!.libraryId).toBe(rows[0]!.libraryId);
    const usage = (await client.get("/api/usage")).json();
    expect(usage.features).toContainEqual(expect.objectContaining({ feature: "devotional", used: 1, limit: 1 }));
  });

  test("a premium person may refresh again and again, each time to a devotional not given recently", async () => {
    const { client, id } = await person();
    await app.db.insert(schema.subscriptions).values({
      userId: id,
      planType: "premium_monthly",
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000),
      provider: "local",
    });
    // One focus theme holds 8 devotionals: 8 refreshes use them all and must then reach beyond it.
    await app.db
      .update(schema.profiles)
      .set({ focus: ["marriage"] })
      .where(eq(schema.profiles.id, id));
    const seen = [(await client.get("/api/today")).json().devotional.passage];
    for (let i = 0; i < 8; i++) {
      const response = await client.post("/api/functions/refresh-devotional");
      expect(response.status).toBe(200);
      seen.push(response.json().passage);
    }
    // Each refresh remembers what it replaced, so none of today's devotionals repeats.
    expect(new Set(seen).size).toBe(seen.length);
    const [row] = await devotionalRows(id);
    expect(row!.refreshCount).toBe(8);
    expect(row!.replacedPassages).toEqual(seen.slice(0, 8));
  });

  test("a devotional a refresh replaced does not come back within 30 days", async () => {
    const { id } = await person();
    const day = (n: number) => new Date(Date.UTC(2026, 4, 1 + n, 12));
    const replaced = await getTodayDevotional(app.db, app.ctx.ai, { userId: id, now: day(0) });
    const kept = await refreshDevotional(app.db, app.ctx.ai, { userId: id, now: day(0) });
    expect(kept.passage).not.toBe(replaced.devotional.passage);
    for (let n = 1; n < 30; n++) {
      const later = await getTodayDevotional(app.db, app.ctx.ai, { userId: id, now: day(n) });
      expect(later.devotional.passage, `day ${n}`).not.toBe(replaced.devotional.passage);
      expect(later.devotional.passage, `day ${n}`).not.toBe(kept.passage);
    }
  });

  test("is refused once today's devotional is complete", async () => {
    const { client, id } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    expect((await client.post("/api/progress/complete", { devotional_id: devotional.id })).status).toBe(200);
    const refused = await client.post("/api/functions/refresh-devotional");
    expect(refused.status).toBe(409);
    expect(refused.json().error.code).toBe("CONFLICT");
    expect((await devotionalRows(id))[0]!.refreshCount).toBe(0);
    const [usage] = await app.db
      .select()
      .from(schema.monthlyUsageLimits)
      .where(and(eq(schema.monthlyUsageLimits.userId, id)));
    expect(usage?.devotionalGenerations ?? 0).toBe(0);
  });
});

describe("download my data", () => {
  test("includes the person's Today rows and nobody else's", async () => {
    const me = await person();
    const other = await person();
    for (const [who, word] of [
      [me, "mine-marker"],
      [other, "theirs-marker"],
    ] as const) {
      const devotional = (await who.client.get("/api/today")).json().devotional;
      await who.client.post("/api/progress/complete", { devotional_id: devotional.id });
      await who.client.request("PUT", "/api/checkins/today", { json: { mood: "good", notes: `check-in ${word}` } });
      const journal = await who.client.post("/api/journal", {
        content: `Journal ${word}: what I learned today about patience.`,
        devotional_id: devotional.id,
      });
      expect(journal.status).toBe(201);
    }

    const response = await me.client.get("/api/account/export");
    expect(response.status).toBe(200);
    const data = response.json();
    expect(response.text).not.toContain("theirs-marker");
    expect(response.text).not.toContain(other.id);
    expect(data.devotionals).toHaveLength(1);
    expect(data.devotionals[0]).toMatchObject({ devotional_date: expect.any(String), title: expect.any(String) });
    expect(data.devotional_progress).toHaveLength(1);
    expect(data.devotional_progress[0]).toMatchObject({ completed: true, spiritual_connection: 50 });
    expect(data.daily_checkins).toEqual([expect.objectContaining({ mood: "good", notes: "check-in mine-marker" })]);
    expect(data.journal_entries).toEqual([
      expect.objectContaining({ content: "Journal mine-marker: what I learned today about patience." }),
    ]);
    // The check-in and the journal entry each brought a whisper.
    expect(data.whispers).toHaveLength(2);
    expect(data.whispers.map((w: { trigger_type: string }) => w.trigger_type).sort()).toEqual(["daily_checkin", "victory"]);
  });
});

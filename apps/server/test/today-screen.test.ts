import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TodayState } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { ensureProgress, streakDays, toProgress } from "../src/modules/devotional/service";
import { journalSavedToday } from "../src/modules/journal/service";
import {
  completeDevotional,
  getTodayCheckin,
  getTodayDevotional,
  markPrayed,
  setConnection,
  upsertCheckin,
} from "../src/modules/today/service";
import { newestUnreadWhisper } from "../src/modules/whispers/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";
import { addDays, checkedInOn, completedOn } from "./helpers/today";

/**
 * GET /api/today is one statement that PostgreSQL answers as JSON (today/screen.ts); each of its parts has its own
 * function elsewhere (his progress, streak, check-in, journal, whisper). The answer must be, byte for byte, what those
 * functions make of the same rows, in every state the screen shows.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** What the parts' own functions say about his Today, as the screen's JSON (the same keys in the same order). */
async function expectedScreen(userId: string): Promise<string> {
  const { devotional, date, timeZone } = await getTodayDevotional(app.db, app.ctx.ai, { userId });
  const state: TodayState = {
    date,
    time_zone: timeZone,
    devotional,
    progress: toProgress(await ensureProgress(app.db, { userId, devotionalId: devotional.id })),
    streak: await streakDays(app.db, { userId }),
    checkin: await getTodayCheckin(app.db, { userId }),
    journal_saved_today: await journalSavedToday(app.db, { userId, devotionalId: devotional.id }),
    whisper: await newestUnreadWhisper(app.db, userId),
  };
  return JSON.stringify(state);
}

test("GET /api/today says what each part's own function says, from his first visit to a full morning", async () => {
  const { client, id: userId } = await newPerson(app);
  expect((await client.request("PUT", "/api/profile/time-zone", { json: { time_zone: "America/Chicago" } })).status).toBe(200);
  const screen = async () => {
    const res = await client.get("/api/today");
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    return res.text;
  };

  // The first visit: no progress row yet (the screen makes it), no streak, check-in, journal or whisper.
  const first = await screen();
  const { devotional, date } = await getTodayDevotional(app.db, app.ctx.ai, { userId });
  const rows = await app.db.select().from(schema.devotionalProgress).where(eq(schema.devotionalProgress.userId, userId));
  expect(rows.map((r) => r.devotionalId)).toEqual([devotional.id]);
  expect(first).toBe(await expectedScreen(userId));
  expect(JSON.parse(first)).toMatchObject({ streak: 0, checkin: null, journal_saved_today: false, whisper: null });
  expect(await screen()).toBe(first);

  // A full morning: completed, the slider moved, prayed, checked in with a note, a journal entry, whispers.
  await completeDevotional(app.db, { userId, devotionalId: devotional.id });
  await setConnection(app.db, { userId, devotionalId: devotional.id, value: 72 });
  await markPrayed(app.db, { userId, devotionalId: devotional.id });
  await upsertCheckin(app.db, {
    userId,
    mood: "good",
    focusAreas: ["marriage", "prayer"],
    notes: 'Quotes " and a line\nbreak, kept.',
    spiritualConnection: 64,
  });
  await app.db.insert(schema.journalEntries).values({
    userId,
    devotionalId: devotional.id,
    devotionalTitle: devotional.title,
    entryDate: date,
    content: "Grateful.",
  });
  const hourAgo = new Date(Date.now() - 3_600_000);
  await app.db.insert(schema.encouragementWhispers).values([
    { userId, message: "Older and unread.", triggerType: "streak", read: false, createdAt: new Date(Date.now() - 7_200_000) },
    { userId, message: "Newer but read.", triggerType: "streak", read: true, createdAt: new Date() },
    { userId, message: "The newest unread.", triggerType: "connection", read: false, createdAt: hourAgo },
  ]);
  // Days before today count for the streak: a completed devotional yesterday, a check-in the day before.
  await completedOn(app.db, userId, [addDays(date, -1)]);
  await checkedInOn(app.db, userId, [addDays(date, -2)]);

  const full = await screen();
  expect(full).toBe(await expectedScreen(userId));
  expect(JSON.parse(full)).toMatchObject({
    progress: { completed: true, spiritual_connection: 72, prayed_at: expect.any(String) },
    streak: 3,
    checkin: { mood: "good", focus_areas: ["marriage", "prayer"], spiritual_connection: 64 },
    journal_saved_today: true,
    whisper: { message: "The newest unread.", read: false, created_at: hourAgo.toISOString() },
  });
});

test("another member's rows never reach his screen", async () => {
  const a = await newPerson(app);
  const b = await newPerson(app);
  await a.client.get("/api/today");
  const { devotional } = await getTodayDevotional(app.db, app.ctx.ai, { userId: a.id });
  await completeDevotional(app.db, { userId: a.id, devotionalId: devotional.id });
  await upsertCheckin(app.db, { userId: a.id, mood: "great", focusAreas: [] });
  await app.db.insert(schema.encouragementWhispers).values({ userId: a.id, message: "For A.", triggerType: "streak" });

  const res = await b.client.get("/api/today");
  expect(res.status).toBe(200);
  expect(res.json()).toMatchObject({ streak: 0, checkin: null, whisper: null, progress: { completed: false } });
  expect(res.text).toBe(await expectedScreen(b.id));
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FOCUS_THEME_IDS, localDate, type FocusThemeId } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { passageText } from "../src/bible/passages";
import { getTodayDevotional, refreshDevotional } from "../src/modules/today/service";
import { loadLibrary } from "../src/providers/ai/library";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";
import { addDays, devotionalRows } from "./helpers/today";

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

describe("today's devotional", () => {
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
    expect(await devotionalRows(app.db, id)).toHaveLength(31);
    const again = await getTodayDevotional(app.db, app.ctx.ai, {
      userId: id,
      now: new Date(`${addDays(start, 5)}T18:00:00Z`),
    });
    expect(again.devotional.devotional_date).toBe(addDays(start, 5));
    expect((await devotionalRows(app.db, id)).find((r) => r.devotionalDate === addDays(start, 5))?.libraryId).toBe(
      days[5]!.libraryId,
    );
  });

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
    expect(await devotionalRows(app.db, id)).toHaveLength(1);
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

describe("refresh-devotional", () => {
  test("gives a different devotional once a month for a free person, then the cap", async () => {
    const { client, id } = await person();
    const original = (await client.get("/api/today")).json().devotional;
    const [before] = await devotionalRows(app.db, id);

    const refreshed = await client.post("/api/functions/refresh-devotional");
    expect(refreshed.status).toBe(200);
    const fresh = refreshed.json();
    expect(fresh.id).toBe(original.id);
    expect(fresh.devotional_date).toBe(original.devotional_date);
    expect(fresh.passage).not.toBe(original.passage);
    expect(fresh.passage_text).toBe(passageText(fresh.passage));
    const rows = await devotionalRows(app.db, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.libraryId).toBeTruthy();
    expect(rows[0]!.libraryId).not.toBe(before!.libraryId);
    expect(rows[0]!.refreshCount).toBe(1);
    expect((await client.get("/api/today")).json().devotional).toEqual(fresh);

    const again = await client.post("/api/functions/refresh-devotional");
    expect(again.status).toBe(429);
    expect(again.json().error.code).toBe("LIMIT_REACHED");
    expect((await devotionalRows(app.db, id))[0]!.libraryId).toBe(rows[0]!.libraryId);
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
    const [row] = await devotionalRows(app.db, id);
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
    expect((await devotionalRows(app.db, id))[0]!.refreshCount).toBe(0);
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

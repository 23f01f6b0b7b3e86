import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { addDays, localDate, weekStartOf, type FocusThemeId, type InsightDay, type Mood } from "@shepherd/shared";
import { passageText } from "../src/bible/passages";
import { schema, type Database } from "../src/db/client";
import { readDays } from "../src/modules/insights/days";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson, newPremiumPerson } from "./helpers/auth";
import { chatCompletion, startFakeOpenAi, type FakeOpenAi, type FakeOpenAiRequest } from "./helpers/fake-openai";
import { seeded } from "./helpers/random";
import { completedOn } from "./helpers/today";

/**
 * Insights: the charts' data (his own days, his streak), Generate insight (counted, capped with the spec's sentence,
 * written offline or by a configured model that is checked and falls back), the archive (his only), export and
 * deletion; and words of self-harm never reaching a model.
 */

const INSIGHT_LIMIT = "You've reached your monthly limit of 1 insights. Upgrade to Premium for unlimited access.";

let app: TestApp;
let aiApp: TestApp;
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  [app, aiApp] = await Promise.all([
    startTestApp(),
    startTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "sk-test-insights", AI_MODEL: "fake-model" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), aiApp?.close()]);
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const today = () => new Date().toISOString().slice(0, 10);

interface SeedDay {
  date: string;
  mood?: Mood;
  connection?: number;
  focus?: FocusThemeId[];
  notes?: string;
}

async function checkIns(db: Database, userId: string, days: SeedDay[]) {
  await db.insert(schema.dailyCheckins).values(
    days.map((d) => ({
      userId,
      checkInDate: d.date,
      mood: d.mood ?? "good",
      focusAreas: d.focus ?? [],
      spiritualConnection: d.connection ?? null,
      notes: d.notes ?? null,
    })),
  );
}

async function journal(db: Database, userId: string, entries: Array<{ date: string; content: string }>) {
  await db.insert(schema.journalEntries).values(
    entries.map((e) => ({
      userId,
      entryDate: e.date,
      content: e.content,
      createdAt: new Date(`${e.date}T12:00:00Z`),
    })),
  );
}

async function usageOf(db: Database, userId: string) {
  const [row] = await db.select().from(schema.monthlyUsageLimits).where(eq(schema.monthlyUsageLimits.userId, userId));
  const ai = await db.select().from(schema.aiUsage).where(eq(schema.aiUsage.userId, userId));
  return {
    generations: row?.insightGenerations ?? 0,
    tokens: row?.totalTokensUsed ?? 0,
    ai: ai.map((r) => [r.featureType, r.tokensUsed]),
  };
}

/** Two weeks of check-ins: a quieter week before, a closer one now. */
async function twoWeeks(db: Database, userId: string) {
  const t = today();
  await checkIns(db, userId, [
    ...[13, 11, 9].map((n) => ({ date: addDays(t, -n), mood: "neutral" as const, connection: 40 })),
    ...[6, 5, 4, 3, 2, 1, 0].map((n) => ({
      date: addDays(t, -n),
      mood: "great" as const,
      connection: 80,
      focus: ["prayer", "marriage"] as FocusThemeId[],
    })),
  ]);
  await journal(db, userId, [
    { date: addDays(t, -3), content: "I prayed with my wife before work and it changed the whole morning." },
    { date: addDays(t, -1), content: "Grateful for my wife; we prayed again tonight after the kids were asleep." },
  ]);
}

describe("the charts' data", () => {
  test("his days of the range in his own dates, empty days left out, his streak as Today counts it", async () => {
    const { client, id } = await newPerson(app);
    const t = today();
    await checkIns(app.db, id, [
      { date: addDays(t, -2), mood: "good", connection: 64, focus: ["work"] },
      { date: addDays(t, -1), mood: "great", connection: 90, focus: ["prayer", "work"] },
      { date: addDays(t, -60), mood: "struggling", connection: 10 },
    ]);
    await completedOn(app.db, id, [addDays(t, -1), addDays(t, -3)]);
    await journal(app.db, id, [
      { date: addDays(t, -1), content: "A good day with the family." },
      { date: addDays(t, -1), content: "And a second entry in the evening." },
    ]);

    const response = await client.get("/api/insights/data?range=4w");
    expect(response.status).toBe(200);
    const data = response.json();
    expect(data).toMatchObject({ range: "4w", today: t, time_zone: "UTC", from: addDays(weekStartOf(t), -21), streak: 3 });
    expect((await client.get("/api/streak")).json().streak).toBe(3);
    expect(data.days).toEqual([
      {
        date: addDays(t, -3),
        connection: null,
        mood: null,
        focus_areas: [],
        devotional_completed: true,
        checked_in: false,
        journal_entries: 0,
      },
      {
        date: addDays(t, -2),
        connection: 64,
        mood: "good",
        focus_areas: ["work"],
        devotional_completed: false,
        checked_in: true,
        journal_entries: 0,
      },
      {
        date: addDays(t, -1),
        connection: 90,
        mood: "great",
        focus_areas: ["prayer", "work"],
        devotional_completed: true,
        checked_in: true,
        journal_entries: 2,
      },
    ]);
    // The day 60 days ago is in 3 months, not in 4 weeks.
    const quarter = (await client.get("/api/insights/data?range=3m")).json();
    expect(quarter.days.map((d: { date: string }) => d.date)).toContain(addDays(t, -60));
    expect((await client.get("/api/insights/data")).json().range).toBe("4w");
  });

  test("a streak longer than the range counts the days before it, alternating devotionals and check-ins", async () => {
    const { client, id } = await newPerson(app);
    const t = today();
    const back = Array.from({ length: 50 }, (_, n) => addDays(t, -n));
    // Even days back a completed devotional, odd days a check-in: each counts; a gap 50 days back ends the run.
    await completedOn(
      app.db,
      id,
      back.filter((_, n) => n % 2 === 0),
    );
    await checkIns(
      app.db,
      id,
      back.filter((_, n) => n % 2 === 1).map((date) => ({ date })),
    );
    await checkIns(app.db, id, [{ date: addDays(t, -51) }]);
    for (const range of ["4w", "3m", "1y"]) {
      expect((await client.get(`/api/insights/data?range=${range}`)).json().streak).toBe(50);
    }
    expect((await client.get("/api/streak")).json().streak).toBe(50);
  });

  test("the charts' days, written by PostgreSQL, are his days, for any mix of days; the insight writers read the same", async () => {
    const { client, id } = await newPerson(app);
    const t = today();
    // A seeded mix over 100 days: check-ins with and without a value or focus, devotionals completed or only slid,
    // journal entries, and days with nothing. What each day should say is worked out beside it.
    const pick = seeded(7);
    const back = Array.from({ length: 100 }, (_, n) => addDays(t, -n));
    const moods: Mood[] = ["struggling", "neutral", "good", "great"];
    const expected = new Map<string, InsightDay>();
    const dayOf = (date: string) => {
      const day = expected.get(date) ?? {
        date,
        connection: null,
        mood: null,
        focus_areas: [],
        devotional_completed: false,
        checked_in: false,
        journal_entries: 0,
      };
      expected.set(date, day);
      return day;
    };
    const seededCheckIns = back
      .filter(() => pick(3) > 0)
      .map((date) => ({
        date,
        mood: moods[pick(4)]!,
        connection: pick(2) ? pick(101) : undefined,
        focus: pick(2) ? (["prayer", "work", "marriage"] as FocusThemeId[]).slice(pick(3)) : undefined,
      }));
    await checkIns(app.db, id, seededCheckIns);
    for (const c of seededCheckIns) {
      Object.assign(dayOf(c.date), {
        checked_in: true,
        mood: c.mood,
        connection: c.connection ?? null,
        focus_areas: c.focus ?? [],
      });
    }
    const devotionalDays = back.filter(() => pick(2) > 0);
    const completed = devotionalDays.filter(() => pick(3) > 0);
    await completedOn(app.db, id, completed);
    await completedOn(
      app.db,
      id,
      devotionalDays.filter((d) => !completed.includes(d)),
      false,
    );
    for (const date of completed) dayOf(date).devotional_completed = true;
    for (const date of devotionalDays.filter(() => pick(2) > 0)) {
      const slider = pick(101);
      await app.db
        .update(schema.devotionalProgress)
        .set({ spiritualConnection: slider, connectionUpdatedAt: new Date() })
        .where(and(eq(schema.devotionalProgress.userId, id), eq(schema.devotionalProgress.progressDate, date)));
      // The slider moved that day is the day's connection, before the check-in's.
      dayOf(date).connection = slider;
    }
    const entries = back
      .filter(() => pick(4) === 0)
      .flatMap((date) => Array.from({ length: 1 + pick(3) }, () => ({ date, content: "A note." })));
    await journal(app.db, id, entries);
    for (const e of entries) dayOf(e.date).journal_entries += 1;

    const data = (await client.get("/api/insights/data?range=3m")).json();
    const his = [...expected.values()]
      .filter((d) => d.date >= data.from && d.date <= data.today)
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    expect(his.length).toBeGreaterThan(60);
    expect(data.days).toEqual(his);
    expect((await readDays(app.db, { userId: id, from: data.from, to: data.today })).days).toEqual(his);
    expect(data.streak).toBe((await client.get("/api/streak")).json().streak);
  });

  test("the slider's value of a day wins over the check-in's", async () => {
    const { client, id } = await newPerson(app);
    const t = today();
    await completedOn(app.db, id, [t], false);
    await app.db
      .update(schema.devotionalProgress)
      .set({ spiritualConnection: 33, connectionUpdatedAt: new Date() })
      .where(eq(schema.devotionalProgress.userId, id));
    await checkIns(app.db, id, [{ date: t, connection: 70 }]);
    const [day] = (await client.get("/api/insights/data")).json().days;
    expect(day).toMatchObject({ date: t, connection: 33, checked_in: true, devotional_completed: false });
  });

  test("his today is his time zone's", async () => {
    const { client } = await newPerson(app);
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      expect((await client.request("PUT", "/api/profile/time-zone", { json: { time_zone: zone } })).status).toBe(200);
      const data = (await client.get("/api/insights/data")).json();
      expect(data).toMatchObject({ today: localDate(new Date(), zone), time_zone: zone });
      expect(data.from).toBe(addDays(weekStartOf(data.today), -21));
    }
  });

  test("a bad range is a 400 a person can act on; no session is a 401", async () => {
    const { client } = await newPerson(app);
    const bad = await client.get("/api/insights/data?range=forever");
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toContain("range must be 4w, 3m or 1y");
    expect((await app.client().get("/api/insights/data")).status).toBe(401);
    expect((await app.client().post("/api/insights", { period: "week" })).status).toBe(401);
  });
});

describe("Generate insight", () => {
  test("writes a reflection from his numbers and journal, counts it, and refuses the second with the spec's sentence", async () => {
    const { client, id } = await newPerson(app);
    await twoWeeks(app.db, id);
    const generated = await client.post("/api/insights", { period: "week" });
    expect(generated.status).toBe(201);
    const { insight, care } = generated.json();
    expect(care).toBe(false);
    expect(insight).toMatchObject({
      period: "week",
      period_start: addDays(today(), -6),
      period_end: today(),
      source: "composer",
    });
    expect(insight.rose).toMatch(/80/); // connection 80 this week, after 40
    expect(insight.themes).toMatch(/your marriage|prayer/);
    expect(insight.scripture_text).toBe(passageText(insight.scripture_reference));
    expect(insight.snapshot).toMatchObject({ period: "week", from: addDays(today(), -6), previous_from: addDays(today(), -13) });
    expect(insight.snapshot.days).toHaveLength(10);
    expect(await usageOf(app.db, id)).toEqual({ generations: 1, tokens: 0, ai: [["insight", 0]] });
    expect((await client.get("/api/usage")).json().features).toContainEqual({
      feature: "insight",
      used: 1,
      limit: 1,
      warning: null,
    });

    const refused = await client.post("/api/insights", { period: "month" });
    expect(refused.status).toBe(429);
    expect(refused.json().error).toEqual({ code: "LIMIT_REACHED", message: INSIGHT_LIMIT });
    expect(await usageOf(app.db, id)).toMatchObject({ generations: 1 });
    expect((await client.get("/api/insights")).json().insights).toHaveLength(1);
  });

  test("Premium has no cap", async () => {
    const { client, id } = await newPremiumPerson(app);
    for (const period of ["week", "month", "week"]) {
      expect((await client.post("/api/insights", { period })).status).toBe(201);
    }
    expect(await usageOf(app.db, id)).toMatchObject({ generations: 3 });
  });

  test("a period that is not a week or a month is a 400", async () => {
    const { client } = await newPerson(app);
    const bad = await client.post("/api/insights", { period: "decade" });
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toContain("period must be week or month");
  });
});

describe("the archive", () => {
  test("newest first, each with its period; one with its words and snapshot; deleted; another member's is 404", async () => {
    const { client, id } = await newPremiumPerson(app);
    await twoWeeks(app.db, id);
    const first = (await client.post("/api/insights", { period: "week" })).json().insight;
    const second = (await client.post("/api/insights", { period: "month" })).json().insight;
    const list = (await client.get("/api/insights")).json();
    expect(list.insights.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    expect(list.insights[0]).toEqual({
      id: second.id,
      period: "month",
      period_start: addDays(today(), -29),
      period_end: today(),
      headline: second.headline,
      source: "composer",
      care: false,
      created_at: second.created_at,
    });
    expect(list.next_before).toBeNull();
    expect((await client.get(`/api/insights/${first.id}`)).json()).toEqual(first);

    const other = await newPerson(app);
    expect((await other.client.get(`/api/insights/${first.id}`)).status).toBe(404);
    expect((await other.client.delete(`/api/insights/${first.id}`)).status).toBe(404);
    expect((await other.client.get("/api/insights")).json().insights).toEqual([]);
    expect((await client.get(`/api/insights/${first.id}`)).status).toBe(200);

    expect((await client.delete(`/api/insights/${first.id}`)).json()).toEqual({ deleted: true });
    expect((await client.get(`/api/insights/${first.id}`)).status).toBe(404);
    expect((await client.get("/api/insights")).json().insights.map((i: { id: string }) => i.id)).toEqual([second.id]);
    expect((await client.get("/api/insights/not-an-id")).status).toBe(404);
    expect((await client.get("/api/insights?before=nonsense")).status).toBe(400);
  });

  test("pages newest first, 20 to a page", async () => {
    const { client, id } = await newPremiumPerson(app);
    for (let i = 0; i < 21; i++) expect((await client.post("/api/insights", { period: "week" })).status).toBe(201);
    const page1 = (await client.get("/api/insights")).json();
    expect(page1.insights).toHaveLength(20);
    const page2 = (await client.get(`/api/insights?before=${encodeURIComponent(page1.next_before)}`)).json();
    expect(page2.insights).toHaveLength(1);
    expect(page2.next_before).toBeNull();
    const all = [...page1.insights, ...page2.insights].map((i: { id: string }) => i.id);
    expect(new Set(all).size).toBe(21);
    expect(await usageOf(app.db, id)).toMatchObject({ generations: 21 });
  });
});

describe("his data", () => {
  test("download my data has his insights; deleting his account removes them", async () => {
    const { client, id } = await newPerson(app);
    await twoWeeks(app.db, id);
    const { insight } = (await client.post("/api/insights", { period: "week" })).json();
    const exported = (await client.get("/api/account/export")).json();
    expect(exported.insights).toEqual([
      expect.objectContaining({
        id: insight.id,
        period: "week",
        headline: insight.headline,
        rose: insight.rose,
        scripture_reference: insight.scripture_reference,
        snapshot: insight.snapshot,
      }),
    ]);
    expect((await client.delete("/api/account", { confirm: "DELETE" })).status).toBe(200);
    expect(await app.db.select().from(schema.insights).where(eq(schema.insights.userId, id))).toEqual([]);
  });
});

// ---- with a model configured ----

const isInsightRequest = (r: FakeOpenAiRequest) => JSON.stringify(r.json).includes("insight");
const goodAnswer = {
  headline: "A week of drawing near",
  rose: "Your connection rose to 80, after 40 the week before.",
  fell: "Nothing fell this week.",
  themes: "Prayer with your wife ran through your journal.",
  encouragement: "Keep praying together; it is changing your mornings.",
  scripture: "Ecclesiastes 4:12",
};

describe("insights from a configured model", () => {
  test("the model's checked insight is kept with its tokens; his journal is quoted to it", async () => {
    const { client, id } = await newPerson(aiApp);
    await twoWeeks(aiApp.db, id);
    fake.reply({ json: chatCompletion(goodAnswer, 612) });
    const { insight, care } = (await client.post("/api/insights", { period: "week" })).json();
    expect(care).toBe(false);
    expect(insight).toMatchObject({ source: "openai", headline: goodAnswer.headline, scripture_reference: "Ecclesiastes 4:12" });
    expect(insight.scripture_text).toBe(passageText("Ecclesiastes 4:12"));
    expect(fake.requests.filter(isInsightRequest)).toHaveLength(1);
    const prompt = JSON.stringify(fake.requests[0]!.json);
    expect(prompt).toContain("I prayed with my wife before work");
    expect(await usageOf(aiApp.db, id)).toEqual({ generations: 1, tokens: 612, ai: [["insight", 612]] });
  });

  test.each([
    ["not JSON", "Here is your insight!"],
    ["a number he never had", { ...goodAnswer, rose: "Your connection rose to 95." }],
    ["guilt", { ...goodAnswer, fell: "You missed three days this week." }],
    ["no real passage", { ...goodAnswer, scripture: "Hezekiah 3:16" }],
  ])("an answer with %s falls back to the composer, and its tokens are still counted", async (_what, answer) => {
    const { client, id } = await newPerson(aiApp);
    await twoWeeks(aiApp.db, id);
    fake.reply({ json: chatCompletion(answer, 300) });
    const generated = await client.post("/api/insights", { period: "week" });
    expect(generated.status).toBe(201);
    const { insight } = generated.json();
    expect(insight.source).toBe("composer");
    expect(insight.rose).toMatch(/80/);
    expect(await usageOf(aiApp.db, id)).toEqual({ generations: 1, tokens: 300, ai: [["insight", 300]] });
  });

  test("a model that does not answer falls back too", async () => {
    const { client } = await newPerson(aiApp);
    fake.reply({ status: 503, json: { error: { type: "server_error" } } });
    const { insight } = (await client.post("/api/insights", { period: "month" })).json();
    expect(insight.source).toBe("composer");
  });

  test("at the cap the model is not asked at all", async () => {
    const { client } = await newPerson(aiApp);
    fake.reply({ json: chatCompletion(goodAnswer, 10) });
    expect((await client.post("/api/insights", { period: "week" })).status).toBe(201);
    fake.requests.length = 0;
    const refused = await client.post("/api/insights", { period: "week" });
    expect(refused.status).toBe(429);
    expect(refused.json().error.message).toBe(INSIGHT_LIMIT);
    expect(fake.requests).toHaveLength(0);
  });

  test("words of self-harm never reach the model: written gently offline, the care card, never counted nor refused", async () => {
    const { client, id } = await newPerson(aiApp);
    await twoWeeks(aiApp.db, id);
    fake.reply({ json: chatCompletion(goodAnswer, 50) });
    // His own journal, through the app: the entry is saved, no whisper goes to the model for it.
    const entry = "Some nights I think my family would be better off without me.";
    expect((await client.post("/api/journal", { content: entry })).json()).toMatchObject({ care: true, whisper: null });
    await checkIns(aiApp.db, id, [{ date: addDays(today(), -10), notes: "I keep thinking about suicide." }]);
    fake.requests.length = 0;

    for (let i = 0; i < 2; i++) {
      const generated = await client.post("/api/insights", { period: "week" });
      expect(generated.status).toBe(201);
      const { insight, care } = generated.json();
      expect(care).toBe(true);
      expect(insight).toMatchObject({ care: true, source: "composer" });
      expect(JSON.stringify(insight)).not.toContain("better off without me");
    }
    expect(fake.requests).toHaveLength(0);
    expect(await usageOf(aiApp.db, id)).toMatchObject({ generations: 0 });

    // The note of 10 days ago is in the month: the month's insight is written offline too.
    const month = (await client.post("/api/insights", { period: "month" })).json();
    expect(month.care).toBe(true);
    expect(fake.requests).toHaveLength(0);
  });
});

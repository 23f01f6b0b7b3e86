import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { passageText } from "../src/bible/passages";
import { loadLibrary, type LibraryDevotional } from "../src/providers/ai/library";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";
import { chatCompletion, startFakeOpenAi, type FakeOpenAi, type FakeOpenAiRequest } from "./helpers/fake-openai";

/**
 * Today with AI text configured (AI_BASE_URL/AI_API_KEY/AI_MODEL): the whole app against an OpenAI-compatible server
 * on loopback. What the model wrote is served and its tokens go to ai_usage; on a bad answer the composer's devotional
 * is served and the spent tokens are still recorded; words that need care never reach the model.
 */

let fake: FakeOpenAi;
let app: TestApp;

/** Library devotionals that also keep the model rules (a 10-120 word prayer), offered as the model's answers. */
const modelAnswers: LibraryDevotional[] = loadLibrary().devotionals.filter(
  (d) => d.prayer.split(/\s+/).length >= 10 && d.reflection.split("?").length === 2,
);
const asModel = (d: LibraryDevotional) => ({
  title: `${d.title} (model)`,
  passage: d.passage,
  body: d.body,
  reflection: d.reflection,
  prayer: d.prayer,
  theme: d.theme,
});
const WHISPER = "You put honest words on the page today. God meets you there.";

const isDevotionalRequest = (request: FakeOpenAiRequest) =>
  JSON.stringify(request.json).includes("You write the daily devotional");

/** Answers devotionals with `devotional` (or junk) and whispers with WHISPER, each costing `tokens`. */
function answer(options: { devotional: LibraryDevotional | "junk"; tokens: number }) {
  fake.reply((request) => {
    if (!isDevotionalRequest(request)) return { json: chatCompletion({ message: WHISPER }, options.tokens) };
    if (options.devotional === "junk") return { json: chatCompletion("Here is a devotional for you!", options.tokens) };
    return { json: chatCompletion(asModel(options.devotional), options.tokens) };
  });
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "sk-test-today", AI_MODEL: "fake-model" } });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const person = () => newPerson(app);

async function aiUsage(userId: string) {
  const rows = await app.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.userId, userId));
  return rows.map((r) => [r.featureType, r.tokensUsed]);
}

describe("today's devotional from a configured model", () => {
  test("is written once, served from the database after, and its tokens go to ai_usage", async () => {
    expect(modelAnswers.length).toBeGreaterThan(2);
    const { client, id } = await person();
    answer({ devotional: modelAnswers[0]!, tokens: 777 });
    const today = await client.get("/api/today");
    expect(today.status).toBe(200);
    const devotional = today.json().devotional;
    expect(devotional.title).toBe(`${modelAnswers[0]!.title} (model)`);
    expect(devotional.passage).toBe(modelAnswers[0]!.passage);
    // The passage text is always the shipped WEB's, never the model's.
    expect(devotional.passage_text).toBe(passageText(devotional.passage));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer sk-test-today");
    const [row] = await app.db.select().from(schema.devotionals).where(eq(schema.devotionals.userId, id));
    expect(row).toMatchObject({ source: "openai", libraryId: null });
    expect(await aiUsage(id)).toEqual([["devotional", 777]]);

    // Served from the database: no second request, nothing more counted.
    expect((await client.post("/api/functions/generate-daily-devotional")).json()).toEqual(devotional);
    expect(fake.requests).toHaveLength(1);
    expect(await aiUsage(id)).toEqual([["devotional", 777]]);
  });

  test("a malformed answer falls back to the composer, and the tokens it cost are still recorded", async () => {
    const { client, id } = await person();
    answer({ devotional: "junk", tokens: 555 });
    const devotional = (await client.get("/api/today")).json().devotional;
    expect(devotional.passage_text).toBe(passageText(devotional.passage));
    const [row] = await app.db.select().from(schema.devotionals).where(eq(schema.devotionals.userId, id));
    expect(row!.source).toBe("library");
    expect(row!.libraryId).toEqual(expect.any(String));
    expect(await aiUsage(id)).toEqual([["devotional", 555]]);
  });

  test("refresh-devotional is counted with its tokens; at the cap the model is not asked at all", async () => {
    const { client, id } = await person();
    answer({ devotional: modelAnswers[0]!, tokens: 100 });
    await client.get("/api/today");
    answer({ devotional: modelAnswers[1]!, tokens: 200 });
    const refreshed = await client.post("/api/functions/refresh-devotional");
    expect(refreshed.status).toBe(200);
    expect(refreshed.json().passage).toBe(modelAnswers[1]!.passage);
    expect(await aiUsage(id)).toEqual([
      ["devotional", 100],
      ["devotional", 200],
    ]);
    const [usage] = await app.db.select().from(schema.monthlyUsageLimits).where(eq(schema.monthlyUsageLimits.userId, id));
    expect(usage).toMatchObject({ devotionalGenerations: 1, totalTokensUsed: 200 });

    fake.requests.length = 0;
    const refused = await client.post("/api/functions/refresh-devotional");
    expect(refused.status).toBe(429);
    expect(refused.json().error.message).toBe(
      "You've reached your monthly limit of 1 devotionals. Upgrade to Premium for unlimited access.",
    );
    expect(fake.requests).toHaveLength(0);
    expect(await aiUsage(id)).toHaveLength(2);
  });
});

describe("whispers from a configured model", () => {
  test("a journal entry's victory whisper is the model's, with its tokens in ai_usage", async () => {
    const { client, id } = await person();
    answer({ devotional: modelAnswers[2]!, tokens: 40 });
    const devotional = (await client.get("/api/today")).json().devotional;
    const saved = await client.post("/api/journal", {
      content: "I asked my wife how her day really was, and then I listened without fixing anything.",
      devotional_id: devotional.id,
    });
    expect(saved.status).toBe(201);
    expect(saved.json().whisper).toMatchObject({ trigger_type: "victory", message: WHISPER });
    const prompt = JSON.stringify(fake.requests.at(-1)!.json);
    expect(prompt).toContain(devotional.title.replace(/"/g, '\\"'));
    expect(await aiUsage(id)).toEqual([
      ["devotional", 40],
      ["journal", 0],
      ["encouragement", 40],
    ]);
  });

  test("words that need care never reach the model: no request, no whisper, the care flag", async () => {
    const { client, id } = await person();
    answer({ devotional: modelAnswers[0]!, tokens: 10 });
    const devotional = (await client.get("/api/today")).json().devotional;
    fake.requests.length = 0;
    const entry = "Lately I feel like my family would be better off without me, and I can't shake it.";
    const journal = await client.post("/api/journal", { content: entry, devotional_id: devotional.id });
    expect(journal.json()).toMatchObject({ whisper: null, care: true });
    const checkin = await client.request("PUT", "/api/checkins/today", {
      json: { mood: "struggling", notes: "Some nights I think about suicide.", spiritual_connection: 10 },
    });
    expect(checkin.json()).toMatchObject({ whisper: null, care: true });
    expect(fake.requests).toHaveLength(0);
    const rows = await app.db.select().from(schema.encouragementWhispers).where(eq(schema.encouragementWhispers.userId, id));
    expect(rows).toHaveLength(0);
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { AiTextProvider, DevotionalRequest, EncouragementRequest } from "../src/providers/ai/ai";
import { createComposer } from "../src/providers/ai/composer";
import { loadLibrary } from "../src/providers/ai/library";
import { createOpenAiText, sentenceCount, wordCount } from "../src/providers/ai/openai";
import { chatCompletion, startFakeOpenAi, type FakeOpenAi, type FakeOpenAiRequest } from "./helpers/fake-openai";

/**
 * The configured AI text provider against an OpenAI-compatible server on loopback. The fallback is the real offline
 * composer over the real library, so a fallback answer is
 * recognisable by its library id.
 */

const API_KEY = "sk-test-secret-4f1c";
const NOTES = "Long week at the plant, but grateful for my boys.";

const BODY = [
  'Paul wrote these words to people whose work was rarely their own choice. Many in the Colossian church were servants, doing tasks someone else assigned, for someone else\'s profit, often without thanks. To them he says, "whatever you do, work heartily, as for the Lord, and not for men." He does not promise them a better boss. He gives them a better audience.',
  "Think about the last Tuesday afternoon that dragged. The report nobody will read closely. The job site where the schedule slipped again because of someone else's mistake. The meeting where your idea went unmentioned and a colleague's got the praise. In moments like that a man quietly starts doing the minimum. Not out of laziness, but because it feels like nobody is watching, and nobody seems to care.",
  'This passage says someone is watching, and he does care. The Lord sees the spreadsheet checked twice, the honest estimate given when a padded one would have been easier, the patient answer to a customer who was rude. None of it is wasted. "From the Lord you will receive the reward of the inheritance." Your paycheck is real, but it is not the whole wage.',
  "Working heartily is not the same as working endlessly. It does not mean answering email at the dinner table or letting your job take the hours that belong to your wife and children. It means that in the hours you do give, you give your whole self, with integrity and good cheer, because the one you finally answer to is Christ, not the person who signs your review.",
  "There is freedom in that. You do not have to win every credit battle at work. You do not have to be noticed to be faithful. You can do the next ordinary task well, as an act of worship, and trust the Lord with the outcome. Tomorrow morning, before you open your laptop or start the truck, name the one task you most want to avoid, and offer it to him first.",
].join("\n\n");

const GOOD_DEVOTIONAL = {
  title: "Work as Worship",
  passage: "Colossians 3:23-24",
  body: BODY,
  reflection: "Which task this week could you do wholeheartedly as if for the Lord?",
  prayer:
    "Lord Jesus, I want to work for you and not just for people. Help me do tomorrow's ordinary tasks with an honest heart and good cheer, and keep my job in its place so my family gets the best of me too. Amen.",
  theme: "work",
};

const devotionalRequest: DevotionalRequest = {
  userId: "user-openai-test",
  date: "2025-03-14",
  displayName: "Daniel",
  focus: ["work", "fatherhood"],
  currentTopics: ["work_pressure", "new_father"],
  recentLibraryIds: [],
  recentPassages: ["Ephesians 5:25-28", "Genesis 2:18-24"],
  variant: 0,
};

const victory: EncouragementRequest = {
  userId: "user-openai-test",
  displayName: "Daniel",
  triggerType: "victory",
  context: { journalLength: 420, devotionalTitle: "Work as Worship" },
  seed: 7,
};

const checkin: EncouragementRequest = {
  userId: "user-openai-test",
  displayName: "Daniel",
  triggerType: "daily_checkin",
  context: { spiritualConnection: 62, focusAreas: ["fatherhood", "work"], notes: NOTES },
  seed: 3,
};

let fake: FakeOpenAi;
let fallback: AiTextProvider;
const logLines: string[] = [];
const log = pino({ level: "debug" }, { write: (line: string) => void logLines.push(line) });
const logs = () => logLines.map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string });
const warnings = () => logs().filter((l) => l.level === 40);

function provider(options: { timeoutMs?: number; baseUrl?: string } = {}): AiTextProvider {
  return createOpenAiText({
    baseUrl: options.baseUrl ?? fake.url,
    apiKey: API_KEY,
    model: "fake-model",
    fallback,
    log,
    timeoutMs: options.timeoutMs,
  });
}

/** The chat messages of a recorded request. */
function messages(request: FakeOpenAiRequest | undefined): { role: string; content: string }[] {
  return ((request?.json as { messages?: { role: string; content: string }[] }) ?? {}).messages ?? [];
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fallback = createComposer(loadLibrary());
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  logLines.length = 0;
});

describe("the test data", () => {
  test("the good devotional keeps the rules it is meant to keep", () => {
    expect(wordCount(GOOD_DEVOTIONAL.body)).toBeGreaterThanOrEqual(250);
    expect(wordCount(GOOD_DEVOTIONAL.body)).toBeLessThanOrEqual(450);
    expect(GOOD_DEVOTIONAL.reflection.split("?")).toHaveLength(2);
  });

  test("sentences are counted at . ! and ? before a space or the end", () => {
    expect(sentenceCount("Well done.")).toBe(1);
    expect(sentenceCount('He said "rest." Then he rested! Did he? Yes.')).toBe(4);
    expect(sentenceCount("No full stop at the end")).toBe(1);
  });
});

describe("composeDevotional", () => {
  test("a valid answer becomes the draft, with the tokens the endpoint reported", async () => {
    fake.reply({ json: chatCompletion(GOOD_DEVOTIONAL, 987) });
    const result = await provider().composeDevotional(devotionalRequest);

    expect(result.tokensUsed).toBe(987);
    expect(result.draft).toEqual({ ...GOOD_DEVOTIONAL, libraryId: null });
    expect(warnings()).toEqual([]);

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const body = sent.json as Record<string, unknown>;
    expect(body.model).toBe("fake-model");
    expect(body.response_format).toEqual({ type: "json_object" });
    expect(body.temperature).toBeCloseTo(0.7);
    const [system, user] = messages(sent);
    expect(system?.role).toBe("system");
    expect(system?.content).toContain("World English Bible");
    expect(system?.content).toContain("250 to 450 words");
    expect(system?.content).toContain("exactly one question mark");
    expect(system?.content).toMatch(/no politics/i);
    expect(user?.role).toBe("user");
    for (const part of ["Daniel", "2025-03-14", "Work", "Fatherhood", "Pressure at work", "A new baby at home"]) {
      expect(user?.content).toContain(part);
    }
    for (const passage of devotionalRequest.recentPassages) expect(user?.content).toContain(passage);
  });

  test("a passage reference is stored in one exact form", async () => {
    fake.reply({ json: chatCompletion({ ...GOOD_DEVOTIONAL, passage: "Col 3:23–24" }) });
    const { draft } = await provider().composeDevotional(devotionalRequest);
    expect(draft.libraryId).toBeNull();
    expect(draft.passage).toBe("Colossians 3:23-24");
  });

  const first100Words = BODY.split(/\s+/).slice(0, 100).join(" ");
  test.each([
    ["content that is not JSON", "Here is today's devotional: Work as Worship...", /not JSON/],
    ["JSON missing fields", { title: "Work as Worship", passage: "Colossians 3:23-24" }, /schema/],
    ["a passage that does not exist", { ...GOOD_DEVOTIONAL, passage: "Hezekiah 3:3" }, /World English Bible/],
    ["a verse past the end of a chapter", { ...GOOD_DEVOTIONAL, passage: "Colossians 3:40" }, /World English Bible/],
    ["a 100-word body", { ...GOOD_DEVOTIONAL, body: first100Words }, /body has 100 words/],
    ["a 600-word body", { ...GOOD_DEVOTIONAL, body: `${BODY}\n\n${BODY}` }, /body has \d+ words/],
    ["a passage given in the last 30 days", { ...GOOD_DEVOTIONAL, passage: "Ephesians 5:28" }, /last 30 days/],
    ["two references", { ...GOOD_DEVOTIONAL, passage: "Colossians 3:23-24; John 3:16" }, /single Bible reference/],
    ["a reflection with two questions", { ...GOOD_DEVOTIONAL, reflection: "Why? And how?" }, /question marks/],
    ["a theme that is not one of ours", { ...GOOD_DEVOTIONAL, theme: "sports" }, /theme/],
  ])("%s -> the fallback's devotional", async (_name, content, reason) => {
    fake.reply({ json: chatCompletion(content, 555) });
    const expected = await fallback.composeDevotional(devotionalRequest);
    const result = await provider().composeDevotional(devotionalRequest);

    expect(fake.requests).toHaveLength(1);
    expect(result.draft.libraryId).not.toBeNull();
    expect(result.draft).toEqual(expected.draft);
    // The rejected answer's tokens were still spent, so they are counted with the fallback's own.
    expect(result.tokensUsed).toBe(555 + expected.tokensUsed);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.reason).toMatch(reason);
  });

  test("a server that never answers times out -> the fallback", async () => {
    fake.reply("hang");
    const started = Date.now();
    const result = await provider({ timeoutMs: 300 }).composeDevotional(devotionalRequest);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fake.requests).toHaveLength(1);
    expect(result.draft).toEqual((await fallback.composeDevotional(devotionalRequest)).draft);
    expect(result.tokensUsed).toBe(0);
    expect(warnings()[0]!.reason).toBe("timed out");
  });

  test("429 -> the fallback, and neither the key nor the error text is logged", async () => {
    fake.reply({
      status: 429,
      json: { error: { type: "requests", code: "rate_limit_exceeded", message: `Rate limit reached for key ${API_KEY}` } },
    });
    const result = await provider().composeDevotional(devotionalRequest);
    expect(result.draft.libraryId).not.toBeNull();
    expect(result.tokensUsed).toBe(0);
    expect(warnings()[0]!.reason).toBe("HTTP 429 (requests, rate_limit_exceeded)");
    expect(logLines.join("\n")).not.toContain(API_KEY);
  });

  test("a server error or a refused connection -> the fallback", async () => {
    fake.reply({ status: 500, text: "upstream exploded" });
    expect((await provider().composeDevotional(devotionalRequest)).draft.libraryId).not.toBeNull();

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await provider({ baseUrl: `http://127.0.0.1:${port}/v1` }).composeDevotional(devotionalRequest);
    expect(refused.draft.libraryId).not.toBeNull();
    expect(warnings().map((w) => w.reason)).toEqual(["HTTP 500", expect.stringMatching(/ECONNREFUSED/)]);
  });
});

describe("composeEncouragement", () => {
  test("a valid answer is the whisper; the prompt carries the trigger", async () => {
    const message = "Well done sitting with Work as Worship and writing it down. That kind of faithfulness adds up.";
    fake.reply({ json: chatCompletion({ message }, 140) });
    const result = await provider().composeEncouragement(victory);
    expect(result).toEqual({ message, tokensUsed: 140 });

    const sent = fake.requests[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect((sent.json as Record<string, unknown>).response_format).toEqual({ type: "json_object" });
    const [system, user] = messages(sent);
    expect(system?.content).toMatch(/one to three sentences/);
    expect(system?.content).toMatch(/guilt/);
    expect(user?.content).toContain("420 characters");
    expect(user?.content).toContain("Work as Worship");
  });

  test("a check-in sends its numbers and note to the model, and the note is never logged", async () => {
    fake.reply({ json: chatCompletion({ message: "Thanks for checking in, Daniel. Your boys are blessed to have you." }) });
    const result = await provider().composeEncouragement(checkin);
    expect(result.message).toBe("Thanks for checking in, Daniel. Your boys are blessed to have you.");
    const user = messages(fake.requests[0])[1]?.content ?? "";
    expect(user).toContain("62");
    expect(user).toContain("Fatherhood");
    expect(user).toContain(NOTES);

    // The same note on a failure: the warning names the reason, not the note.
    fake.reply({ status: 503, json: { error: { type: "server_error", message: NOTES } } });
    await provider().composeEncouragement(checkin);
    expect(warnings()).toHaveLength(1);
    expect(logLines.join("\n")).not.toContain(NOTES);
    expect(logLines.join("\n")).not.toContain(API_KEY);
  });

  test("a struggle prompt says he feels far from God, without a to-do list", async () => {
    fake.reply({ json: chatCompletion({ message: "God has not moved away from you today." }) });
    const struggle: EncouragementRequest = { ...victory, triggerType: "struggle", context: { spiritualConnection: 18 } };
    expect((await provider().composeEncouragement(struggle)).message).toBe("God has not moved away from you today.");
    expect(messages(fake.requests[0])[1]?.content).toContain("18 of 100");
  });

  test.each([
    ["content that is not JSON", "Keep going, brother!", /not JSON/],
    ["JSON without a message", { text: "Keep going." }, /schema/],
    ["five sentences", { message: "One. Two. Three. Four. Five." }, /5 sentences/],
    ["more than 400 characters", { message: `${"Keep going, brother, ".repeat(25)}you are not alone.` }, /characters/],
    ["guilt framing", { message: "You missed yesterday, but today is new." }, /guilt/],
  ])("%s -> the fallback's message", async (_name, content, reason) => {
    fake.reply({ json: chatCompletion(content, 90) });
    const expected = await fallback.composeEncouragement(victory);
    const result = await provider().composeEncouragement(victory);
    expect(result).toEqual({ message: expected.message, tokensUsed: 90 + expected.tokensUsed });
    expect(warnings()[0]!.reason).toMatch(reason);
  });

  test("timeout and 429 -> the fallback's message", async () => {
    const expected = await fallback.composeEncouragement(victory);
    fake.reply("hang");
    expect(await provider({ timeoutMs: 300 }).composeEncouragement(victory)).toEqual(expected);
    fake.reply({ status: 429, json: { error: { type: "requests", code: "rate_limit_exceeded" } } });
    expect(await provider().composeEncouragement(victory)).toEqual(expected);
    expect(warnings().map((w) => w.reason)).toEqual(["timed out", "HTTP 429 (requests, rate_limit_exceeded)"]);
  });
});

describe("care", () => {
  test("a note that needs care is never sent: no request, the fallback's message", async () => {
    fake.reply({ json: chatCompletion({ message: "This must not be used." }) });
    const request: EncouragementRequest = {
      ...checkin,
      context: { spiritualConnection: 12, focusAreas: ["prayer"], notes: "I want to end my life" },
    };
    const result = await provider().composeEncouragement(request);
    expect(fake.requests).toHaveLength(0);
    expect(result).toEqual(await fallback.composeEncouragement(request));
    expect(logLines.join("\n")).not.toContain("end my life");
  });

  test("care text nested anywhere in the context is caught too", async () => {
    fake.reply({ json: chatCompletion({ message: "This must not be used." }) });
    const request: EncouragementRequest = {
      ...victory,
      context: { journalLength: 80, devotionalTitle: "Rest", extra: { lines: ["fine", "I keep thinking about killing myself"] } },
    };
    await provider().composeEncouragement(request);
    expect(fake.requests).toHaveLength(0);
  });
});

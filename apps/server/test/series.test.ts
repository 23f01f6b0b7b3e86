import { eq } from "drizzle-orm";
import { CONTROL_MESSAGE } from "../src/http/clean-input";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { createLogger } from "../src/logger";
import { loadSeriesLibrary } from "../src/modules/series/library";
import { ensureStarterSeries } from "../src/modules/series/starter";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson, newPremiumPerson } from "./helpers/auth";
import { brother, flockOf, join } from "./helpers/community";
import { chatCompletion, startFakeOpenAi, type FakeOpenAi } from "./helpers/fake-openai";

/**
 * The series library: the starter series from content/series, browsing by theme and search, following, marking
 * sessions done and the next session, the free/Premium split, members' own series (Premium, by hand; private or shared
 * with a flock), discussion guides drafted offline or by a configured model (gathering_content, counted), export and
 * deletion.
 */

const PREMIUM_ONLY = "This feature is only available for Premium members...";

let app: TestApp;
let aiApp: TestApp;
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  [app, aiApp] = await Promise.all([
    startTestApp(),
    startTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "sk-test-series", AI_MODEL: "fake-model" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), aiApp?.close()]);
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const library = loadSeriesLibrary();

async function starterId(slug: string): Promise<string> {
  const [row] = await app.db.select({ id: schema.series.id }).from(schema.series).where(eq(schema.series.slug, slug));
  return row!.id;
}

const session = (title: string, passage = "James 1:19-27") => ({
  title,
  passage,
  teaching: "Listening comes before speaking. This week we slow down and hear each other out before we answer.",
  questions: ["When did someone last really listen to you?", "Who do you need to listen to this week?"],
  challenge: "Ask your wife or a friend one question and listen to the whole answer before you say anything.",
  prayer: "Lord, make us quick to hear and slow to speak. Amen.",
});

const ownSeries = (overrides: Record<string, unknown> = {}) => ({
  title: "Slow to Speak",
  promise: "Three weeks on listening well.",
  description: "A short series for our Tuesday group on listening to God and to each other.",
  theme: "brotherhood",
  sessions: [
    session("Quick to Hear"),
    session("Words That Build", "Ephesians 4:29-32"),
    session("The Listening God", "Psalm 116:1-2"),
  ],
  ...overrides,
});

describe("the library", () => {
  test("every starter series is offered, in its theme, with its sessions; signed out is 401", async () => {
    const { client } = await newPerson(app);
    const res = await client.get("/api/series");
    expect(res.status).toBe(200);
    const slugs = library.map((s) => s.title).sort();
    const starters = res.json().series.filter((s: { source: string }) => s.source === "starter");
    expect(starters.map((s: { title: string }) => s.title).sort()).toEqual(slugs);
    expect(starters[0]).toMatchObject({ mine: false, flock: null, progress: null });

    const marriage = await client.get("/api/series?theme=marriage");
    expect(marriage.json().series.map((s: { theme: string }) => s.theme)).toEqual(expect.arrayContaining(["marriage"]));
    expect(new Set(marriage.json().series.map((s: { theme: string }) => s.theme))).toEqual(new Set(["marriage"]));

    expect((await app.client().get("/api/series")).status).toBe(401);
    expect((await client.get("/api/series?theme=golf")).status).toBe(400);
  });

  test("search finds words in a title, a description or a session's title", async () => {
    const { client } = await newPerson(app);
    const bySessionTitle = await client.get(`/api/series?q=${encodeURIComponent("faithful wounds")}`);
    expect(bySessionTitle.json().series.map((s: { title: string }) => s.title)).toEqual(["Shoulder to Shoulder"]);
    const byTitle = await client.get("/api/series?q=monday");
    expect(byTitle.json().series.map((s: { title: string }) => s.title)).toEqual(["Monday Faith"]);
    const none = await client.get("/api/series?q=zzzz%25");
    expect(none.json().series).toEqual([]);
    expect((await client.get(`/api/series?q=${"x".repeat(101)}`)).status).toBe(400);
    expect((await client.get("/api/series?q=a%00b")).status).toBe(400);
  });
});

describe("the starter library's copy", () => {
  test("a changed file rewrites its series in place (sessions keep their ids and his marks); a removed one is retired", async () => {
    const log = createLogger("silent");
    const { client } = await newPremiumPerson(app);
    const id = await starterId("monday-faith");
    const before = (await client.get(`/api/series/${id}`)).json();
    await client.put(`/api/series/sessions/${before.sessions[0].id}/completion`);

    const changed = structuredClone(library);
    const monday = changed.find((s) => s.id === "monday-faith")!;
    monday.sessions[0]!.title = "Put in the Garden to Tend It";
    const others = changed.filter((s) => s.id !== "teach-us-to-pray");
    await ensureStarterSeries(app.db, others, log);

    const after = (await client.get(`/api/series/${id}`)).json();
    expect(after.sessions.map((s: { id: string }) => s.id)).toEqual(before.sessions.map((s: { id: string }) => s.id));
    expect(after.sessions[0]).toMatchObject({ title: "Put in the Garden to Tend It", completed: true });
    const titles = (await client.get("/api/series")).json().series.map((s: { title: string }) => s.title);
    expect(titles).not.toContain("Teach Us to Pray");

    // Back as shipped: the retired series returns, the title is restored.
    await ensureStarterSeries(app.db, library, log);
    expect((await client.get("/api/series")).json().series.map((s: { title: string }) => s.title)).toContain("Teach Us to Pray");
    expect((await client.get(`/api/series/${id}`)).json().sessions[0].title).toBe("Put in the Garden");
  });
});

describe("reading, following and the next session", () => {
  test("a free member reads session 1 in full; session 2 is closed to him and cannot be marked done", async () => {
    const { client } = await newPerson(app);
    const id = await starterId("shoulder-to-shoulder");
    const detail = (await client.get(`/api/series/${id}`)).json();
    expect(detail.sessions.map((s: { open: boolean }) => s.open)).toEqual([true, false, false, false]);

    const first = (await client.get(`/api/series/sessions/${detail.sessions[0].id}`)).json();
    expect(first).toMatchObject({ position: 1, title: "Made for Brothers", passage: "Ecclesiastes 4:9-12", open: true });
    expect(first.body.passage.translation).toBe("web");
    expect(first.body.passage.verses.map((v: { verse: number }) => v.verse)).toEqual([9, 10, 11, 12]);
    expect(first.body.questions.length).toBeGreaterThanOrEqual(4);
    expect(first.next).toMatchObject({ position: 2, title: "Confession That Heals" });

    const second = await client.get(`/api/series/sessions/${detail.sessions[1].id}`);
    expect(second.status).toBe(200);
    expect(second.json()).toMatchObject({ position: 2, open: false, body: null });
    const refused = await client.put(`/api/series/sessions/${detail.sessions[1].id}/completion`);
    expect(refused.status).toBe(403);
    expect(refused.json().error.message).toBe(PREMIUM_ONLY);
  });

  test("a Premium member reads every session", async () => {
    const { client } = await newPremiumPerson(app);
    const detail = (await client.get(`/api/series/${await starterId("love-that-stays")}`)).json();
    expect(detail.sessions.every((s: { open: boolean }) => s.open)).toBe(true);
    const last = (await client.get(`/api/series/sessions/${detail.sessions.at(-1).id}`)).json();
    expect(last.body.teaching.length).toBeGreaterThan(500);
    expect(last.next).toBeNull();
  });

  test("follow, mark done, the next session, undo, unfollow keeps the marks", async () => {
    const { client } = await newPremiumPerson(app);
    const id = await starterId("teach-us-to-pray");
    const followed = await client.put(`/api/series/${id}/follow`);
    expect(followed.status).toBe(200);
    expect(followed.json()).toMatchObject({ completed_count: 0, percent: 0, next_session: { position: 1, title: "Our Father" } });

    const detail = (await client.get(`/api/series/${id}`)).json();
    const done = await client.put(`/api/series/sessions/${detail.sessions[0].id}/completion`);
    expect(done.json()).toMatchObject({
      completed: true,
      progress: { completed_count: 1, percent: 25, next_session: { position: 2, title: "Keep Asking" } },
    });
    // Twice is the same as once.
    expect((await client.put(`/api/series/sessions/${detail.sessions[0].id}/completion`)).json().progress.completed_count).toBe(
      1,
    );

    const mine = (await client.get("/api/series/mine")).json();
    expect(mine.following).toHaveLength(1);
    expect(mine.following[0]).toMatchObject({ id, progress: { completed_count: 1, next_session: { position: 2 } } });
    expect((await client.get(`/api/series/${id}`)).json().sessions.map((s: { completed: boolean }) => s.completed)).toEqual([
      true,
      false,
      false,
      false,
    ]);

    const undone = await client.delete(`/api/series/sessions/${detail.sessions[0].id}/completion`);
    expect(undone.json()).toMatchObject({ completed: false, progress: { completed_count: 0, next_session: { position: 1 } } });
    await client.put(`/api/series/sessions/${detail.sessions[1].id}/completion`);

    expect((await client.delete(`/api/series/${id}/follow`)).status).toBe(204);
    expect((await client.get("/api/series/mine")).json().following).toEqual([]);
    const again = await client.put(`/api/series/${id}/follow`);
    expect(again.json()).toMatchObject({ completed_count: 1, next_session: { position: 1 } });
  });

  test("marking a session done follows its series", async () => {
    const { client } = await newPerson(app);
    const id = await starterId("monday-faith");
    const detail = (await client.get(`/api/series/${id}`)).json();
    await client.put(`/api/series/sessions/${detail.sessions[0].id}/completion`);
    const mine = (await client.get("/api/series/mine")).json();
    expect(mine.following.map((s: { id: string }) => s.id)).toEqual([id]);
    expect(mine.following[0].progress.next_session).toMatchObject({ position: 2 });
  });

  test("unknown and malformed ids are 404", async () => {
    const { client } = await newPerson(app);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await client.get(`/api/series/${unknown}`)).status).toBe(404);
    expect((await client.get(`/api/series/sessions/${unknown}`)).status).toBe(404);
    expect((await client.put(`/api/series/${unknown}/follow`)).status).toBe(404);
    expect((await client.get("/api/series/not-a-uuid")).status).toBe(404);
    expect((await client.put("/api/series/sessions/12/completion")).status).toBe(404);
  });
});

describe("a member's own series", () => {
  test("a free member is refused with the spec's message", async () => {
    const { client } = await newPerson(app);
    const res = await client.post("/api/series", ownSeries());
    expect(res.status).toBe(403);
    expect(res.json().error.message).toBe(PREMIUM_ONLY);
  });

  test("a Premium member creates, reads, edits (sessions keep their ids) and deletes his series; it is private", async () => {
    const owner = await newPremiumPerson(app);
    const other = await newPremiumPerson(app);
    const created = await owner.client.post("/api/series", ownSeries());
    expect(created.status, created.text).toBe(201);
    const { id } = created.json();

    const detail = (await owner.client.get(`/api/series/${id}`)).json();
    expect(detail).toMatchObject({ source: "custom", mine: true, session_count: 3, title: "Slow to Speak" });
    expect((await owner.client.get("/api/series/mine")).json().own.map((s: { id: string }) => s.id)).toEqual([id]);
    expect((await owner.client.get("/api/series?q=slow")).json().series.map((s: { id: string }) => s.id)).toEqual([id]);

    // Another member never sees it: 404 for the series, its sessions, following, editing and deleting.
    expect((await other.client.get(`/api/series/${id}`)).status).toBe(404);
    expect((await other.client.get(`/api/series/sessions/${detail.sessions[0].id}`)).status).toBe(404);
    expect((await other.client.put(`/api/series/${id}/follow`)).status).toBe(404);
    expect((await other.client.get(`/api/series/${id}/edit`)).status).toBe(404);
    expect((await other.client.put(`/api/series/${id}`, ownSeries())).status).toBe(404);
    expect((await other.client.delete(`/api/series/${id}`)).status).toBe(404);
    expect((await other.client.get("/api/series?q=slow")).json().series).toEqual([]);

    // Mark session 2 done, then reorder: the session keeps its id and his mark.
    await owner.client.put(`/api/series/sessions/${detail.sessions[1].id}/completion`);
    const editable = (await owner.client.get(`/api/series/${id}/edit`)).json();
    const [a, b, c] = editable.sessions;
    const edited = await owner.client.put(`/api/series/${id}`, {
      ...ownSeries({ title: "Slow to Speak, Quick to Hear" }),
      sessions: [{ ...b, title: "Words That Build Up" }, { ...a }, { ...session("A New One", "Proverbs 18:13") }],
    });
    expect(edited.status, edited.text).toBe(200);
    const after = (await owner.client.get(`/api/series/${id}`)).json();
    expect(after.title).toBe("Slow to Speak, Quick to Hear");
    expect(
      after.sessions.map((s: { id: string; position: number; completed: boolean; title: string }) => [
        s.position,
        s.title,
        s.completed,
      ]),
    ).toEqual([
      [1, "Words That Build Up", true],
      [2, "Quick to Hear", false],
      [3, "A New One", false],
    ]);
    expect(after.sessions[0].id).toBe(b.id);
    expect(after.sessions[1].id).toBe(a.id);
    expect((await owner.client.get(`/api/series/sessions/${c.id}`)).status).toBe(404);

    // An id from elsewhere is refused.
    const foreign = await owner.client.put(`/api/series/${id}`, {
      ...ownSeries(),
      sessions: [{ ...session("X"), id: "00000000-0000-4000-8000-000000000000" }],
    });
    expect(foreign.status).toBe(400);

    expect((await owner.client.delete(`/api/series/${id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/series/${id}`)).status).toBe(404);
    const left = await app.db.select().from(schema.seriesSessions).where(eq(schema.seriesSessions.seriesId, id));
    expect(left).toEqual([]);
  });

  test("input a person can act on: a passage the WEB does not have, NUL characters, missing parts", async () => {
    const { client } = await newPremiumPerson(app);
    const badPassage = await client.post("/api/series", ownSeries({ sessions: [session("One", "Hezekiah 3:1")] }));
    expect(badPassage.status).toBe(400);
    expect(badPassage.json().error.message).toMatch(/^Session 1: /);
    const nul = await client.post("/api/series", ownSeries({ title: "Bad\u0000title" }));
    expect(nul.status).toBe(400);
    expect(nul.json().error.message).toBe(`title: ${CONTROL_MESSAGE}`);
    const noSessions = await client.post("/api/series", ownSeries({ sessions: [] }));
    expect(noSessions.status).toBe(400);
    expect(noSessions.json().error.message).toBe("sessions: A series has at least one session");
    const noQuestions = await client.post("/api/series", ownSeries({ sessions: [{ ...session("One"), questions: [] }] }));
    expect(noQuestions.json().error.message).toBe("sessions.0.questions: Give each session at least one discussion question");
  });

  test("shared with a flock: its members read and follow it; a member outside the flock gets 404", async () => {
    const owner = await brother(app, "Leader");
    await app.db.insert(schema.subscriptions).values({
      userId: owner.id,
      planType: "premium_monthly",
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
      provider: "local",
    });
    const member = await brother(app, "Member");
    const outsider = await brother(app, "Outsider");
    const flock = await flockOf(owner);
    await join(owner, flock.id, member);

    // Only one of his own flocks.
    const notHis = await outsider.client.post("/api/flocks", { name: "Other", description: "x" });
    const refused = await owner.client.post("/api/series", ownSeries({ flock_id: notHis.json().id }));
    expect(refused.status).toBe(400);
    expect(refused.json().error.message).toBe("Choose one of your flocks to share the series with.");

    const { id } = (await owner.client.post("/api/series", ownSeries({ flock_id: flock.id }))).json();
    const seen = (await member.client.get(`/api/series/${id}`)).json();
    expect(seen).toMatchObject({ mine: false, flock: { id: flock.id, name: "Tuesday Men" } });
    // The free/Premium split holds for a shared series too: a free member reads its first session.
    expect(seen.sessions.map((s: { open: boolean }) => s.open)).toEqual([true, false, false]);
    expect((await member.client.put(`/api/series/${id}/follow`)).status).toBe(200);
    expect((await member.client.put(`/api/series/${id}`, ownSeries())).status).toBe(404);
    expect((await outsider.client.get(`/api/series/${id}`)).status).toBe(404);

    // Leaving the flock ends what he can see.
    expect((await member.client.post(`/api/flocks/${flock.id}/leave`)).status).toBeLessThan(300);
    expect((await member.client.get(`/api/series/${id}`)).status).toBe(404);
  });
});

describe("discussion guides (gathering_content)", () => {
  const guide = { title: "Quick to Hear", passage: "James 1:19-21", theme: "brotherhood" };

  test("a free member is refused with the spec's message (his cap is 0) and nothing is counted", async () => {
    const { client, id } = await newPerson(app);
    const res = await client.post("/api/series/guides", guide);
    expect(res.status).toBe(403);
    expect(res.json().error.message).toBe(PREMIUM_ONLY);
    const rows = await app.db.select().from(schema.monthlyUsageLimits).where(eq(schema.monthlyUsageLimits.userId, id));
    expect(rows.every((r) => r.gatheringContentGenerations === 0)).toBe(true);
  });

  test("offline, the composer drafts a whole guide from the passage, counted in gathering_content_generations", async () => {
    const { client, id } = await newPremiumPerson(app);
    const res = await client.post("/api/series/guides", { ...guide, notes: "Our men are mostly new fathers." });
    expect(res.status, res.text).toBe(200);
    const body = res.json();
    expect(body.source).toBe("composer");
    expect(body.guide.teaching).toContain("James 1:19-21");
    // The first verse is quoted as the WEB has it.
    expect(body.guide.teaching).toContain("So, then, my beloved brothers, let every man be swift to hear");
    expect(body.guide.questions.length).toBeGreaterThanOrEqual(4);
    expect(body.guide.prayer).toMatch(/amen\.$/i);
    expect(body.usage).toMatchObject({ feature: "gathering_content", used: 1, limit: null });
    await client.post("/api/series/guides", guide);
    const [row] = await app.db.select().from(schema.monthlyUsageLimits).where(eq(schema.monthlyUsageLimits.userId, id));
    expect(row!.gatheringContentGenerations).toBe(2);
    expect((await client.post("/api/series/guides", { ...guide, passage: "Hezekiah 1:1" })).status).toBe(400);
  });

  const goodGuide = {
    teaching: Array.from(
      { length: 8 },
      () => "James tells brothers to be swift to hear and slow to speak, and slow to anger.",
    ).join("\n\n"),
    questions: [
      "What does this passage say about listening?",
      "When is it hardest for you to listen?",
      "Who in your home needs you to hear them out?",
      "If you are honest, what does your anger usually protect?",
    ],
    challenge: "Each evening this week, ask one person at home how their day was and listen to the whole answer.",
    prayer: "Father, make us swift to hear, slow to speak and slow to anger. Teach us to listen to you and to each other. Amen.",
  };

  test("with AI_BASE_URL set, the model writes it (checked) and its tokens are counted", async () => {
    const { client, id } = await newPremiumPerson(aiApp);
    fake.reply({ json: chatCompletion(goodGuide, 555) });
    const res = await client.post("/api/series/guides", guide);
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toMatchObject({ source: "openai", guide: { challenge: goodGuide.challenge, prayer: goodGuide.prayer } });
    expect(fake.requests).toHaveLength(1);
    const prompt = JSON.stringify(fake.requests[0]!.json);
    expect(prompt).toContain("James 1:19-21");
    expect(prompt).toContain("swift to hear");
    const [row] = await aiApp.db.select().from(schema.monthlyUsageLimits).where(eq(schema.monthlyUsageLimits.userId, id));
    expect(row).toMatchObject({ gatheringContentGenerations: 1, totalTokensUsed: 555 });
  });

  test("a model's guide that breaks a rule, or a model that fails, gives the composer's guide", async () => {
    const { client } = await newPremiumPerson(aiApp);
    fake.reply({ json: chatCompletion({ ...goodGuide, questions: ["Only one question?"] }) });
    const broken = await client.post("/api/series/guides", guide);
    expect(broken.json().source).toBe("composer");
    fake.reply({ status: 503, json: { error: { type: "server_error" } } });
    const down = await client.post("/api/series/guides", guide);
    expect(down.json().source).toBe("composer");
    expect(fake.requests).toHaveLength(2);
  });

  test("notes with words of self-harm never reach the model", async () => {
    const { client } = await newPremiumPerson(aiApp);
    fake.reply({ json: chatCompletion(goodGuide) });
    const res = await client.post("/api/series/guides", { ...guide, notes: "One of our men has been thinking about suicide." });
    expect(res.json().source).toBe("composer");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("a session's discussion", () => {
  test("members who can read a session comment on it; a closed session's thread is 404; a mention notifies with a link", async () => {
    const writer = await brother(app, "Writer");
    const reader = await brother(app, "Reader");
    const id = await starterId("fathers-who-stay-close");
    const detail = (await writer.client.get(`/api/series/${id}`)).json();
    const first = detail.sessions[0].id;

    const posted = await writer.client.post(`/api/series/sessions/${first}/comments`, {
      body: `Praying for my son this week, @${reader.username}.`,
    });
    expect(posted.status, posted.text).toBe(201);
    const list = (await reader.client.get(`/api/series/sessions/${first}/comments`)).json();
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ body: expect.stringContaining("Praying") })]));
    expect((await reader.client.get(`/api/series/sessions/${first}`)).json().comment_count).toBe(1);

    const bell = (await reader.client.get("/api/notifications")).json();
    const mention = bell.items.find((n: { type: string }) => n.type === "mention_series_session");
    expect(mention.link).toBe(`/pasture/library/${id}/sessions/${first}?comment=${posted.json().id}`);

    // Session 2 is closed to a free member: its thread too.
    expect((await reader.client.get(`/api/series/sessions/${detail.sessions[1].id}/comments`)).status).toBe(404);
    expect((await reader.client.post(`/api/series/sessions/${detail.sessions[1].id}/comments`, { body: "Hi" })).status).toBe(404);

    // Only the author edits or deletes his comment.
    const commentId = posted.json().id;
    expect((await reader.client.patch(`/api/series/session-comments/${commentId}`, { body: "Mine now" })).status).toBe(403);
    expect((await writer.client.patch(`/api/series/session-comments/${commentId}`, { body: "Praying for my son." })).status).toBe(
      200,
    );
    expect((await writer.client.delete(`/api/series/session-comments/${commentId}`)).status).toBe(200);
    expect((await reader.client.get(`/api/series/sessions/${first}`)).json().comment_count).toBe(0);
  });

  test("a private series' thread is 404 to another member", async () => {
    const owner = await newPremiumPerson(app);
    const other = await newPremiumPerson(app);
    const { id } = (await owner.client.post("/api/series", ownSeries())).json();
    const session = (await owner.client.get(`/api/series/${id}`)).json().sessions[0].id;
    expect((await owner.client.post(`/api/series/sessions/${session}/comments`, { body: "Notes for Tuesday." })).status).toBe(
      201,
    );
    expect((await other.client.get(`/api/series/sessions/${session}/comments`)).status).toBe(404);
    expect((await other.client.post(`/api/series/sessions/${session}/comments`, { body: "Hello" })).status).toBe(404);
  });
});

describe("his data", () => {
  test("export has his series, follows, completions and comments; deleting his account removes them", async () => {
    const owner = await newPremiumPerson(app);
    const { id } = (await owner.client.post("/api/series", ownSeries())).json();
    const starter = await starterId("the-way-of-escape");
    const detail = (await owner.client.get(`/api/series/${starter}`)).json();
    await owner.client.put(`/api/series/sessions/${detail.sessions[0].id}/completion`);

    const data = (await owner.client.get("/api/account/export")).json();
    expect(data.series_made).toHaveLength(1);
    expect(data.series_made[0]).toMatchObject({ title: "Slow to Speak" });
    expect(data.series_made[0].sessions.map((s: { title: string }) => s.title)).toEqual([
      "Quick to Hear",
      "Words That Build",
      "The Listening God",
    ]);
    expect(data.series_followed).toEqual([expect.objectContaining({ series: "The Way of Escape" })]);
    expect(data.series_sessions_completed).toEqual([expect.objectContaining({ series: "The Way of Escape", session: 1 })]);
    expect(data.series_session_comments).toEqual([]);

    expect((await owner.client.delete("/api/account", { confirm: "DELETE" })).status).toBe(200);
    expect(await app.db.select().from(schema.series).where(eq(schema.series.id, id))).toEqual([]);
    expect(await app.db.select().from(schema.seriesFollows).where(eq(schema.seriesFollows.userId, owner.id))).toEqual([]);
    expect(
      await app.db.select().from(schema.seriesSessionCompletions).where(eq(schema.seriesSessionCompletions.userId, owner.id)),
    ).toEqual([]);
  });
});

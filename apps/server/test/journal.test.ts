import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

const TOO_SHORT = "Journal entry must be at least 10 characters";
const TOO_LONG = "Journal entry too long";
const JOURNAL_LIMIT = "You've reached your monthly limit of 10 journal entries. Upgrade to Premium for unlimited access.";
const LONG_ENTRY = "Today I noticed how quickly I get impatient with my son after a long day at work.";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const person = () => newPerson(app);

async function journalRows(userId: string) {
  return app.db.select().from(schema.journalEntries).where(eq(schema.journalEntries.userId, userId));
}

async function whisperRows(userId: string) {
  return app.db.select().from(schema.encouragementWhispers).where(eq(schema.encouragementWhispers.userId, userId));
}

async function journalUsed(client: TestClient): Promise<number> {
  const usage = (await client.get("/api/usage")).json();
  return (usage.features as Array<{ feature: string; used: number }>).find((f) => f.feature === "journal")!.used;
}

describe("writing a journal entry", () => {
  test("needs 10 to 5000 characters after trimming, and counts nothing when refused", async () => {
    const { client, id } = await person();
    const short = await client.post("/api/journal", { content: "123456789" });
    expect(short.status).toBe(400);
    expect(short.json().error.message).toBe(TOO_SHORT);
    const padded = await client.post("/api/journal", { content: `      ${"a".repeat(9)}      ` });
    expect(padded.status).toBe(400);
    expect(padded.json().error.message).toBe(TOO_SHORT);

    const long = await client.post("/api/journal", { content: `  ${"a".repeat(5001)}  ` });
    expect(long.status).toBe(400);
    expect(long.json().error.message).toBe(TOO_LONG);
    const huge = await client.post("/api/journal", { content: "a".repeat(30_000) });
    expect(huge.status).toBe(400);
    expect(huge.json().error.message).toContain(TOO_LONG);

    expect(await journalRows(id)).toHaveLength(0);
    expect(await journalUsed(client)).toBe(0);

    // Exactly 10 and exactly 5000 (with surrounding spaces) are fine, and stored trimmed.
    const ten = await client.post("/api/journal", { content: "  1234567890  " });
    expect(ten.status).toBe(201);
    expect(ten.json().entry.content).toBe("1234567890");
    const max = await client.post("/api/journal", { content: `\n${"b".repeat(5000)}\n` });
    expect(max.status).toBe(201);
    expect(max.json().entry.content).toHaveLength(5000);
    expect(await journalUsed(client)).toBe(2);
  });

  test("refuses unknown fields, a missing or non-text entry, and a bad devotional id", async () => {
    const { client, id } = await person();
    for (const body of [
      { content: LONG_ENTRY, mood: "good" },
      {},
      { content: 1234567890123 },
      { content: null },
      { content: LONG_ENTRY, devotional_id: "today" },
    ]) {
      const response = await client.post("/api/journal", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe("BAD_REQUEST");
    }
    expect((await client.post("/api/journal", { content: LONG_ENTRY, extra: 1 })).json().error.message).toBe(
      "Unknown field: extra",
    );
    // A devotional that is not the person's own.
    const missing = await client.post("/api/journal", { content: LONG_ENTRY, devotional_id: crypto.randomUUID() });
    expect(missing.status).toBe(404);
    const other = await person();
    const theirs = (await other.client.get("/api/today")).json().devotional;
    const refused = await client.post("/api/journal", { content: LONG_ENTRY, devotional_id: theirs.id });
    expect(refused.status).toBe(404);
    expect(await journalRows(id)).toHaveLength(0);
    expect(await journalUsed(client)).toBe(0);
    expect((await app.client().post("/api/journal", { content: LONG_ENTRY })).status).toBe(401);
  });

  test("an entry on today's devotional copies it, marks the journal saved, and brings a victory whisper", async () => {
    const { client, id } = await person();
    const today = (await client.get("/api/today")).json();
    expect(today.journal_saved_today).toBe(false);
    const devotional = today.devotional;

    const response = await client.post("/api/journal", { content: LONG_ENTRY, devotional_id: devotional.id });
    expect(response.status).toBe(201);
    const { entry, whisper, care } = response.json();
    expect(entry).toMatchObject({
      devotional_id: devotional.id,
      devotional_title: devotional.title,
      passage: devotional.passage,
      reflection: devotional.reflection,
      content: LONG_ENTRY,
      entry_date: today.date,
    });
    expect(care).toBe(false);
    expect(whisper).toMatchObject({ trigger_type: "victory", read: false });
    expect(whisper.message).not.toMatch(/\{\w+\}/);

    const [row] = await journalRows(id);
    expect(row).toMatchObject({
      devotionalContent: devotional.content,
      devotionalProgressId: today.progress.id,
      devotionalTitle: devotional.title,
    });
    const whispers = await whisperRows(id);
    expect(whispers).toHaveLength(1);
    expect(whispers[0]).toMatchObject({ triggerType: "victory", id: whisper.id });

    const after = (await client.get("/api/today")).json();
    expect(after.journal_saved_today).toBe(true);
    expect(after.whisper).toMatchObject({ id: whisper.id });
  });

  test("50 characters or fewer bring no whisper; an entry may stand alone", async () => {
    const { client, id } = await person();
    const fifty = "x".repeat(50);
    const response = await client.post("/api/journal", { content: `  ${fifty}  ` });
    expect(response.status).toBe(201);
    expect(response.json()).toMatchObject({
      entry: { content: fifty, devotional_id: null, devotional_title: null, passage: null, reflection: null },
      whisper: null,
      care: false,
    });
    expect(await whisperRows(id)).toHaveLength(0);
    const fiftyOne = await client.post("/api/journal", { content: "y".repeat(51) });
    expect(fiftyOne.json().whisper).toMatchObject({ trigger_type: "victory" });
    expect(await whisperRows(id)).toHaveLength(1);
    // A loose entry does not count as today's devotional journal.
    expect((await client.get("/api/today")).json().journal_saved_today).toBe(false);
  });

  test("words that need care are saved and answered with care, never with a whisper", async () => {
    const { client, id } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    const content = "I have been so tired of everything. Sometimes I think I want to end my life and nobody would notice.";
    const response = await client.post("/api/journal", { content, devotional_id: devotional.id });
    expect(response.status).toBe(201);
    expect(response.json()).toMatchObject({ entry: { content }, whisper: null, care: true });
    expect((await journalRows(id)).map((r) => r.content)).toEqual([content]);
    expect(await whisperRows(id)).toHaveLength(0);

    // Editing an entry into such words answers with care too.
    const plain = await client.post("/api/journal", { content: "A quiet morning, prayed for my kids." });
    expect(plain.json().care).toBe(false);
    const edited = await client.patch(`/api/journal/${plain.json().entry.id}`, { content: "I keep thinking about suicide." });
    expect(edited.status).toBe(200);
    expect(edited.json().care).toBe(true);
    expect(await whisperRows(id)).toHaveLength(0);
  });

  test("a free person's 11th entry in a month is refused (cap 10)", async () => {
    const { client, id } = await person();
    for (let i = 1; i <= 10; i++) {
      const response = await client.post("/api/journal", { content: `Entry number ${i} for me.` });
      expect(response.status, `entry ${i}`).toBe(201);
    }
    const eleventh = await client.post("/api/journal", { content: "Entry number 11 for me." });
    expect(eleventh.status).toBe(429);
    expect(eleventh.json().error).toMatchObject({ code: "LIMIT_REACHED", message: JOURNAL_LIMIT });
    expect(await journalRows(id)).toHaveLength(10);
    expect(await journalUsed(client)).toBe(10);
    // Reading, editing and deleting are not capped.
    const list = (await client.get("/api/journal")).json();
    expect(list.entries).toHaveLength(10);
    const first = list.entries[0];
    expect((await client.patch(`/api/journal/${first.id}`, { content: "Edited after the cap." })).status).toBe(200);
    expect((await client.delete(`/api/journal/${first.id}`)).status).toBe(200);
    // Deleting does not give the use back.
    expect((await client.post("/api/journal", { content: "Entry number 12 for me." })).status).toBe(429);
  });
});

describe("reading the journal", () => {
  /** `count` entries written straight into the table, a minute apart, the newest first (index 0). */
  async function seed(userId: string, count: number, text: (i: number) => string) {
    const base = new Date("2026-05-20T12:00:00.000Z").getTime();
    await app.db.insert(schema.journalEntries).values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        entryDate: new Date(base - i * 60_000).toISOString().slice(0, 10),
        content: text(i),
        createdAt: new Date(base - i * 60_000),
        updatedAt: new Date(base - i * 60_000),
      })),
    );
  }

  test("lists newest first, 30 to a page, with `before` for the next page", async () => {
    const { client, id } = await person();
    await seed(id, 35, (i) => `Entry ${String(i).padStart(2, "0")} about ${i % 5 === 0 ? "Patience" : "work"}.`);
    const first = await client.get("/api/journal");
    expect(first.status).toBe(200);
    const page1 = first.json();
    expect(page1.entries).toHaveLength(30);
    expect(page1.entries.map((e: { content: string }) => e.content.slice(0, 8))).toEqual(
      Array.from({ length: 30 }, (_, i) => `Entry ${String(i).padStart(2, "0")}`),
    );
    expect(page1.next_before).toEqual(expect.any(String));

    const page2 = (await client.get(`/api/journal?before=${encodeURIComponent(page1.next_before)}`)).json();
    expect(page2.entries.map((e: { content: string }) => e.content.slice(0, 8))).toEqual(
      [30, 31, 32, 33, 34].map((i) => `Entry ${i}`),
    );
    expect(page2.next_before).toBeNull();

    // Search is case-insensitive and combines with `before`.
    const found = (await client.get("/api/journal?q=patience")).json();
    expect(found.entries.map((e: { content: string }) => e.content.slice(0, 8))).toEqual(
      [0, 5, 10, 15, 20, 25, 30].map((i) => `Entry ${String(i).padStart(2, "0")}`),
    );
    expect(found.next_before).toBeNull();
    const all = (await client.get("/api/journal?q=ABOUT")).json();
    expect(all.entries).toHaveLength(30);
    const older = (await client.get(`/api/journal?q=ABOUT&before=${encodeURIComponent(all.next_before)}`)).json();
    expect(older.entries.map((e: { content: string }) => e.content.slice(0, 8))).toEqual(
      [30, 31, 32, 33, 34].map((i) => `Entry ${i}`),
    );
    expect((await client.get("/api/journal?q=nothing-like-this")).json()).toEqual({ entries: [], next_before: null });
  });

  test("pages without skipping or repeating entries written in the same instant", async () => {
    const { client, id } = await person();
    const at = new Date("2026-05-20T12:00:00.123456Z");
    await app.db.insert(schema.journalEntries).values(
      Array.from({ length: 40 }, (_, i) => ({
        userId: id,
        entryDate: "2026-05-20",
        content: `Same instant ${i}`,
        createdAt: at,
      })),
    );
    const page1 = (await client.get("/api/journal")).json();
    expect(page1.entries).toHaveLength(30);
    const page2 = (await client.get(`/api/journal?before=${encodeURIComponent(page1.next_before)}`)).json();
    expect(page2.entries).toHaveLength(10);
    expect(page2.next_before).toBeNull();
    const ids = [...page1.entries, ...page2.entries].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(40);
  });

  test("search finds words in the entry or in its devotional's title", async () => {
    const { client } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    const onDevotional = await client.post("/api/journal", {
      content: "1234567890 + 42",
      devotional_id: devotional.id,
    });
    expect(onDevotional.status).toBe(201);
    // Neither entry's own words include a word of the title; only the title can match.
    await client.post("/api/journal", { content: "0987654321 zyxw" });
    const word = devotional.title.split(/\s+/).find((w: string) => w.length > 3) ?? devotional.title;
    const found = (await client.get(`/api/journal?q=${encodeURIComponent(word.toLowerCase())}`)).json();
    expect(found.entries.map((e: { id: string }) => e.id)).toContain(onDevotional.json().entry.id);
    expect(found.entries.map((e: { content: string }) => e.content)).toEqual(["1234567890 + 42"]);
  });

  test("search treats % and _ as plain characters", async () => {
    const { client, id } = await person();
    await seed(id, 4, (i) => ["Gave 100% today", "Gave 1000 today", "snake_case thoughts", "time crunch"][i]!);
    const percent = (await client.get(`/api/journal?q=${encodeURIComponent("100%")}`)).json();
    expect(percent.entries.map((e: { content: string }) => e.content)).toEqual(["Gave 100% today"]);
    const underscore = (await client.get("/api/journal?q=e_c")).json();
    expect(underscore.entries.map((e: { content: string }) => e.content)).toEqual(["snake_case thoughts"]);
  });

  test("refuses unknown query fields and a bad `before`", async () => {
    const { client } = await person();
    expect((await client.get("/api/journal?page=2")).status).toBe(400);
    const bad = await client.get("/api/journal?before=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toBe("That page of your journal could not be found. Start again from the newest.");
    expect((await client.get(`/api/journal?q=${"a".repeat(201)}`)).json().error.message).toBe(
      "q: Search for at most 200 characters",
    );
    expect((await app.client().get("/api/journal")).status).toBe(401);
  });

  test("only the person's own entries are listed", async () => {
    const me = await person();
    const other = await person();
    await seed(other.id, 2, (i) => `Their entry ${i}`);
    await seed(me.id, 1, () => "My entry");
    const mine = (await me.client.get("/api/journal")).json();
    expect(mine.entries.map((e: { content: string }) => e.content)).toEqual(["My entry"]);
    expect((await me.client.get("/api/journal?q=Their")).json().entries).toEqual([]);
  });
});

describe("one journal entry", () => {
  test("GET, PATCH and DELETE", async () => {
    const { client, id } = await person();
    const created = (await client.post("/api/journal", { content: "First thoughts on serving at home." })).json().entry;

    const got = await client.get(`/api/journal/${created.id}`);
    expect(got.status).toBe(200);
    expect(got.json()).toEqual(created);

    const patched = await client.patch(`/api/journal/${created.id}`, { content: "  Second thoughts on serving at home.  " });
    expect(patched.status).toBe(200);
    expect(patched.json()).toMatchObject({
      entry: { id: created.id, content: "Second thoughts on serving at home." },
      care: false,
    });
    expect(new Date(patched.json().entry.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at).getTime());
    expect(patched.json().entry.created_at).toBe(created.created_at);

    const short = await client.patch(`/api/journal/${created.id}`, { content: "too short" });
    expect(short.status).toBe(400);
    expect(short.json().error.message).toBe(TOO_SHORT);
    const long = await client.patch(`/api/journal/${created.id}`, { content: "z".repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.json().error.message).toBe(TOO_LONG);
    expect((await client.patch(`/api/journal/${created.id}`, { content: LONG_ENTRY, devotional_id: null })).status).toBe(400);
    expect((await client.get(`/api/journal/${created.id}`)).json().content).toBe("Second thoughts on serving at home.");

    const deleted = await client.delete(`/api/journal/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await client.get(`/api/journal/${created.id}`)).status).toBe(404);
    expect((await client.delete(`/api/journal/${created.id}`)).status).toBe(404);
    expect((await client.patch(`/api/journal/${created.id}`, { content: LONG_ENTRY })).status).toBe(404);
    expect(await journalRows(id)).toHaveLength(0);
  });

  test("another person's entry is not found, and stays as it was", async () => {
    const owner = await person();
    const entry = (await owner.client.post("/api/journal", { content: "Private words between me and God." })).json().entry;
    const { client } = await person();
    const get = await client.get(`/api/journal/${entry.id}`);
    expect(get.status).toBe(404);
    expect(get.json().error.code).toBe("NOT_FOUND");
    expect(get.text).not.toContain("Private words");
    expect((await client.patch(`/api/journal/${entry.id}`, { content: "Overwritten by a stranger." })).status).toBe(404);
    expect((await client.delete(`/api/journal/${entry.id}`)).status).toBe(404);
    const [row] = await app.db
      .select()
      .from(schema.journalEntries)
      .where(and(eq(schema.journalEntries.id, entry.id), eq(schema.journalEntries.userId, owner.id)));
    expect(row?.content).toBe("Private words between me and God.");
    expect((await client.get(`/api/journal/${crypto.randomUUID()}`)).status).toBe(404);
    const anonymous = app.client();
    expect((await anonymous.get(`/api/journal/${entry.id}`)).status).toBe(401);
    expect((await anonymous.patch(`/api/journal/${entry.id}`, { content: "Overwritten by nobody." })).status).toBe(401);
    expect((await anonymous.delete(`/api/journal/${entry.id}`)).status).toBe(401);
    expect((await app.db.select().from(schema.journalEntries).where(eq(schema.journalEntries.id, entry.id)))[0]?.content).toBe(
      "Private words between me and God.",
    );
  });
});

import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const person = () => newPerson(app);

type Span = { verse: number; text: string; first: boolean };
type Block = { type: "paragraph"; spans: Span[] } | { type: "poetry"; lines: Span[][] } | { type: "heading"; text: string };

function spansOf(blocks: Block[]): Span[] {
  return blocks.flatMap((b) => (b.type === "paragraph" ? b.spans : b.type === "poetry" ? b.lines.flat() : []));
}

describe("reading a chapter", () => {
  test("John 3 in the WEB and the KJV, with paragraphs and each verse numbered once", async () => {
    const client = app.client();
    const web = await client.get("/api/word/chapters/web/John/3");
    expect(web.status).toBe(200);
    const body = web.json();
    expect(body).toMatchObject({ translation: "web", book: "John", chapter: 3, verse_count: 36 });
    const spans = spansOf(body.blocks);
    expect(spans.find((s) => s.verse === 16)?.text).toContain("For God so loved the world, that he gave his one and only Son");
    expect(body.blocks.filter((b: Block) => b.type === "paragraph").length).toBeGreaterThan(3);
    const numbered = spans.filter((s) => s.first).map((s) => s.verse);
    expect(numbered).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));

    const kjv = (await client.get("/api/word/chapters/kjv/John/3")).json();
    expect(spansOf(kjv.blocks).find((s) => s.verse === 16)?.text).toBe(
      "For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.",
    );
  });

  test("Psalm 23 is poetry under its title; KJV keeps the translators' supplied words in brackets", async () => {
    const client = app.client();
    const web = (await client.get("/api/word/chapters/web/Ps/23")).json();
    expect(web.blocks[0]).toEqual({ type: "heading", text: "A Psalm by David." });
    expect(web.blocks[1].type).toBe("poetry");
    expect(web.blocks[1].lines[0]).toEqual([{ verse: 1, text: "Yahweh is my shepherd:", first: true }]);
    expect(web.blocks[1].lines[1]).toEqual([{ verse: 1, text: "I shall lack nothing.", first: false }]);
    const kjv = (await client.get("/api/word/chapters/kjv/Ps/23")).json();
    expect(spansOf(kjv.blocks)[0]!.text).toBe("The LORD [is] my shepherd; I shall not want.");
  });

  test("is cacheable: an ETag, a 304 on revalidation, and brotli or gzip when the browser accepts them", async () => {
    const client = app.client();
    const first = await client.get("/api/word/chapters/web/Gen/1");
    expect(first.headers["cache-control"]).toContain("public");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await client.get("/api/word/chapters/web/Gen/1", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const br = await client.get("/api/word/chapters/web/Gen/1", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.length).toBeLessThan(first.body.length / 2);
    expect(brotliDecompressSync(br.body).toString()).toBe(first.text);
    const gz = await client.get("/api/word/chapters/web/Gen/1", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(first.text);
  });

  test("a chapter or book that does not exist gets a message that says why", async () => {
    const client = app.client();
    const beyond = await client.get("/api/word/chapters/web/John/22");
    expect(beyond.status).toBe(404);
    expect(beyond.json().error.message).toBe("John has 21 chapters.");
    const book = await client.get("/api/word/chapters/web/Hezekiah/1");
    expect(book.status).toBe(400);
    expect(book.json().error.message).toContain("not a book of the Bible");
    const translation = await client.get("/api/word/chapters/niv/John/3");
    expect(translation.status).toBe(400);
    expect(translation.json().error.message).toContain("Choose a translation: web or kjv.");
    const chapter = await client.get("/api/word/chapters/web/John/three");
    expect(chapter.status).toBe(400);
  });
});

describe("references", () => {
  test("open at the passage with its verses, in either translation", async () => {
    const client = app.client();
    const prov = (await client.get(`/api/word/passage?ref=${encodeURIComponent("Prov 27:17-19")}`)).json();
    expect(prov).toMatchObject({ reference: "Proverbs 27:17-19", book: "Prov", chapter: 27, verses: [17, 18, 19] });
    expect(prov.text.map((t: { verse: number }) => t.verse)).toEqual([17, 18, 19]);
    expect(prov.text[0].text).toBe("Iron sharpens iron; so a man sharpens his friend’s countenance.");

    const eph = (await client.get(`/api/word/passage?ref=${encodeURIComponent("Ephesians 5:25")}&translation=kjv`)).json();
    expect(eph.text).toEqual([
      {
        chapter: 5,
        verse: 25,
        text: "Husbands, love your wives, even as Christ also loved the church, and gave himself for it;",
      },
    ]);

    const chapter = (await client.get(`/api/word/passage?ref=${encodeURIComponent("Psalm 23")}`)).json();
    expect(chapter).toMatchObject({ reference: "Psalm 23", book: "Ps", chapter: 23, verses: [] });
    expect(chapter.text).toHaveLength(6);

    const across = (await client.get(`/api/word/passage?ref=${encodeURIComponent("Eph 5:33-6:2")}`)).json();
    expect(across.text.map((t: { chapter: number; verse: number }) => `${t.chapter}:${t.verse}`)).toEqual(["5:33", "6:1", "6:2"]);
  });

  test("that cannot be found say why, as a 400", async () => {
    const client = app.client();
    for (const [ref, message] of [
      [
        "Hezekiah 3:1",
        'We couldn\'t read "Hezekiah 3:1" as a Bible reference. Try a book, chapter and verse, such as John 3:16.',
      ],
      ["John 30:1", "John has 21 chapters."],
      ["John 3:99", "John 3 has 36 verses."],
      ["John 3:0", "Verses start at 1."],
    ] as const) {
      const response = await client.get(`/api/word/passage?ref=${encodeURIComponent(ref)}`);
      expect(response.status, ref).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const empty = await client.get("/api/word/passage?ref=");
    expect(empty.status).toBe(400);
    expect(empty.json().error.message).toContain("Give a reference, such as John 3:16.");
  });
});

describe("search", () => {
  test('"good shepherd" finds John 10 first, with the words marked', async () => {
    const client = app.client();
    const result = (await client.get("/api/word/search?q=good%20shepherd")).json();
    expect(result.total).toBeGreaterThanOrEqual(2);
    const top = result.hits.slice(0, 2).map((h: { reference: string }) => h.reference);
    expect(top.sort()).toEqual(["John 10:11", "John 10:14"]);
    const hit = result.hits.find((h: { reference: string }) => h.reference === "John 10:11");
    const marked = hit.parts.filter((p: { hit: boolean }) => p.hit).map((p: { text: string }) => p.text.toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(["good", "shepherd"]));
    expect(hit.parts.map((p: { text: string }) => p.text).join("")).toBe(
      "I am the good shepherd. The good shepherd lays down his life for the sheep.",
    );
  });

  test("searches the translation asked for, filters by testament or book, and pages", async () => {
    const client = app.client();
    const kjv = (await client.get("/api/word/search?q=begotten&translation=kjv&book=John")).json();
    expect(kjv.hits.map((h: { reference: string }) => h.reference)).toContain("John 3:16");
    const web = (await client.get("/api/word/search?q=begotten&book=John")).json();
    expect(web.hits.map((h: { reference: string }) => h.reference)).not.toContain("John 3:16");

    const ot = (await client.get("/api/word/search?q=shepherd&testament=ot")).json();
    expect(ot.hits.every((h: { book: string }) => !["John", "Matt", "Heb", "1Pet"].includes(h.book))).toBe(true);
    const page1 = (await client.get("/api/word/search?q=love")).json();
    const page2 = (await client.get("/api/word/search?q=love&offset=25")).json();
    expect(page1.hits).toHaveLength(25);
    expect(page2.total).toBe(page1.total);
    const seen = new Set(page1.hits.map((h: { reference: string }) => h.reference));
    expect(page2.hits.some((h: { reference: string }) => seen.has(h.reference))).toBe(false);
  });

  test("a reference typed into search is offered as a place to go", async () => {
    const result = (await app.client().get(`/api/word/search?q=${encodeURIComponent("John 3:16")}`)).json();
    expect(result.reference).toEqual({ display: "John 3:16", path: { book: "John", chapter: 3, verses: [16] } });
  });

  test("bad searches get a 400 a person can act on", async () => {
    const client = app.client();
    const short = await client.get("/api/word/search?q=a");
    expect(short.status).toBe(400);
    expect(short.json().error.message).toContain("Type at least 2 letters to search.");
    const common = await client.get("/api/word/search?q=the%20and");
    expect(common.status).toBe(400);
    expect(common.json().error.message).toContain("very common words");
    const hostile = await client.get(`/api/word/search?q=${encodeURIComponent("') OR 1=1; --")}`);
    expect(hostile.status).toBeLessThan(500);
  });
});

describe("verse of the day", () => {
  test("is the same for everyone on a date and changes with the date", async () => {
    const a = (await app.client().get("/api/word/verse-of-the-day?date=2026-12-25")).json();
    const { client } = await person();
    const b = (await client.get("/api/word/verse-of-the-day?date=2026-12-25")).json();
    expect(b).toEqual(a);
    expect(a.text.length).toBeGreaterThan(0);
    const next = (await client.get("/api/word/verse-of-the-day?date=2026-12-26")).json();
    expect(next.reference).not.toBe(a.reference);
    const leap = await client.get("/api/word/verse-of-the-day?date=2028-02-29");
    expect(leap.status).toBe(200);
    const bad = await client.get("/api/word/verse-of-the-day?date=tomorrow");
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toContain("YYYY-MM-DD");
  });
});

describe("highlights, bookmarks and notes", () => {
  test("are saved per verse, listed in My highlights and notes, and removable", async () => {
    const { client } = await person();
    const hl = await client.put("/api/word/highlights", { book: "John", chapter: 3, verses: [16, 17, 18], color: "yellow" });
    expect(hl.status).toBe(200);
    expect(hl.json().highlights.map((h: { verse: number; color: string }) => `${h.verse}:${h.color}`)).toEqual([
      "16:yellow",
      "17:yellow",
      "18:yellow",
    ]);
    // A different colour on one verse replaces it.
    await client.put("/api/word/highlights", { book: "John", chapter: 3, verses: [18], color: "green" });
    await client.put("/api/word/bookmarks", { book: "Ps", chapter: 23, verses: [1] });
    const note = await client.post("/api/word/notes", {
      book: "Prov",
      chapter: 27,
      verses: [17],
      content: "  Call Mark this week.  ",
    });
    expect(note.status).toBe(201);
    expect(note.json()).toMatchObject({ book: "Prov", chapter: 27, verses: [17], content: "Call Mark this week." });

    const chapter = (await client.get("/api/word/annotations?book=John&chapter=3")).json();
    expect(chapter.highlights.map((h: { verse: number; color: string }) => `${h.verse}:${h.color}`)).toEqual([
      "16:yellow",
      "17:yellow",
      "18:green",
    ]);

    const all = (await client.get("/api/word/annotations/all")).json().items;
    expect(all.map((i: { kind: string; reference: string }) => `${i.kind} ${i.reference}`)).toEqual([
      "note Proverbs 27:17",
      "bookmark Psalm 23:1",
      "highlight John 3:18",
      "highlight John 3:16-17",
    ]);
    const grouped = all.find((i: { reference: string }) => i.reference === "John 3:16-17");
    expect(grouped.color).toBe("yellow");
    expect(grouped.text).toContain("For God so loved the world");
    const kjv = (await client.get("/api/word/annotations/all?kind=highlights&translation=kjv")).json().items;
    expect(kjv.find((i: { reference: string }) => i.reference === "John 3:16-17").text).toContain("only begotten Son");

    const edited = await client.patch(`/api/word/notes/${note.json().id}`, { content: "Called Mark. Breakfast on Friday." });
    expect(edited.json().content).toBe("Called Mark. Breakfast on Friday.");
    await client.delete("/api/word/highlights", { book: "John", chapter: 3, verses: [16, 17, 18] });
    await client.delete("/api/word/bookmarks", { book: "Ps", chapter: 23, verses: [1] });
    expect((await client.delete(`/api/word/notes/${note.json().id}`)).status).toBe(200);
    expect((await client.get("/api/word/annotations/all")).json().items).toEqual([]);
  });

  test("are private: another person neither sees nor changes them", async () => {
    const owner = await person();
    const other = await person();
    await owner.client.put("/api/word/highlights", { book: "Eph", chapter: 5, verses: [25], color: "blue" });
    const note = (
      await owner.client.post("/api/word/notes", { book: "Eph", chapter: 5, verses: [25], content: "For her." })
    ).json();

    const theirs = (await other.client.get("/api/word/annotations?book=Eph&chapter=5")).json();
    expect(theirs).toEqual({ highlights: [], bookmarks: [], notes: [] });
    expect((await other.client.get("/api/word/annotations/all")).json().items).toEqual([]);
    const edit = await other.client.patch(`/api/word/notes/${note.id}`, { content: "Not yours." });
    expect(edit.status).toBe(404);
    const remove = await other.client.delete(`/api/word/notes/${note.id}`);
    expect(remove.status).toBe(404);
    // Removing "their" highlight on the same verse touches only their own rows.
    await other.client.delete("/api/word/highlights", { book: "Eph", chapter: 5, verses: [25] });
    const mine = (await owner.client.get("/api/word/annotations?book=Eph&chapter=5")).json();
    expect(mine.highlights).toHaveLength(1);
    expect(mine.notes[0].content).toBe("For her.");

    const signedOut = app.client();
    expect((await signedOut.get("/api/word/annotations?book=Eph&chapter=5")).status).toBe(401);
    expect((await signedOut.put("/api/word/highlights", { book: "Eph", chapter: 5, verses: [25], color: "blue" })).status).toBe(
      401,
    );
    expect((await signedOut.get("/api/word/settings")).status).toBe(401);
  });

  test("bad input gets a 400 that says what to fix, and nothing is stored", async () => {
    const { client, id } = await person();
    const cases: Array<[string, string, unknown, string]> = [
      ["put", "/api/word/highlights", { book: "John", chapter: 3, verses: [16], color: "purple" }, "Choose a colour"],
      ["put", "/api/word/highlights", { book: "John", chapter: 3, verses: [], color: "yellow" }, "Choose at least one verse."],
      [
        "put",
        "/api/word/highlights",
        { book: "John", chapter: 3, verses: [99], color: "yellow" },
        "John 3 has 36 verses; there is no verse 99.",
      ],
      ["put", "/api/word/bookmarks", { book: "John", chapter: 40, verses: [1] }, "John has 21 chapters."],
      ["post", "/api/word/notes", { book: "John", chapter: 3, verses: [16], content: "   " }, "Write your note."],
      [
        "post",
        "/api/word/notes",
        { book: "John", chapter: 3, verses: [16], content: "x".repeat(2001) },
        "A note is at most 2000 characters.",
      ],
      ["post", "/api/word/notes", { book: "Nope", chapter: 3, verses: [16], content: "Hi" }, "not a book of the Bible"],
    ];
    for (const [method, path, body, message] of cases) {
      const response = await (method === "put" ? client.put(path, body) : client.post(path, body));
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.json().error.message).toContain(message);
    }
    expect(await app.db.select().from(schema.bibleHighlights).where(eq(schema.bibleHighlights.userId, id))).toEqual([]);
    expect(await app.db.select().from(schema.bibleNotes).where(eq(schema.bibleNotes.userId, id))).toEqual([]);
    const unknownField = await client.put("/api/word/bookmarks", { book: "John", chapter: 3, verses: [16], is_admin: true });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json().error.message).toBe("Unknown field: is_admin");
    const notJson = await client.request("PUT", "/api/word/highlights", {
      body: "book=John",
      headers: { "content-type": "text/plain" },
    });
    expect(notJson.status).toBe(415);
    const unknownQuery = await client.get("/api/word/search?q=shepherd&admin=1");
    expect(unknownQuery.status).toBe(400);
    expect(unknownQuery.json().error.message).toBe("Unknown field: admin");
    const unknownNote = await client.patch("/api/word/notes/00000000-0000-4000-8000-000000000000", { content: "Hello" });
    expect(unknownNote.status).toBe(404);
    expect(unknownNote.json().error.message).toBe("That note was not found.");
  });
});

describe("reading settings and where I was", () => {
  test("start at the defaults, change one at a time, and remember the last chapter", async () => {
    const { client } = await person();
    expect((await client.get("/api/word/settings")).json()).toEqual({
      translation: "web",
      font_size: 18,
      line_spacing: "normal",
      last_book: null,
      last_chapter: null,
      last_read_at: null,
    });
    await client.put("/api/word/settings", { translation: "kjv" });
    await client.put("/api/word/settings", { font_size: 22, line_spacing: "relaxed" });
    await client.put("/api/word/position", { book: "Rom", chapter: 8 });
    const settings = (await client.get("/api/word/settings")).json();
    expect(settings).toMatchObject({
      translation: "kjv",
      font_size: 22,
      line_spacing: "relaxed",
      last_book: "Rom",
      last_chapter: 8,
    });
    expect(settings.last_read_at).not.toBeNull();

    const bad = await client.put("/api/word/settings", { font_size: 19 });
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toContain("Choose a font size");
    expect((await client.put("/api/word/settings", {})).status).toBe(400);
    expect((await client.put("/api/word/position", { book: "Rom", chapter: 17 })).json().error.message).toBe(
      "Romans has 16 chapters.",
    );
  });
});

describe("the data export", () => {
  test("includes my highlights, bookmarks, notes and reading settings", async () => {
    const { client } = await person();
    await client.put("/api/word/highlights", { book: "Josh", chapter: 24, verses: [15], color: "orange" });
    await client.put("/api/word/bookmarks", { book: "Josh", chapter: 1, verses: [9] });
    await client.post("/api/word/notes", { book: "Josh", chapter: 24, verses: [15], content: "Our house." });
    const exported = (await client.get("/api/account/export")).json();
    expect(exported.bible.highlights).toEqual([expect.objectContaining({ reference: "Joshua 24:15", color: "orange" })]);
    expect(exported.bible.bookmarks).toEqual([expect.objectContaining({ reference: "Joshua 1:9" })]);
    expect(exported.bible.notes).toEqual([expect.objectContaining({ reference: "Joshua 24:15", content: "Our house." })]);
    expect(exported.bible.reading_settings.translation).toBe("web");
  });
});

describe("listening to a chapter", () => {
  test("makes the chapter's audio once through the speech provider and serves it", async () => {
    const { client } = await person();
    const first = await client.post("/api/word/audio", { translation: "web", book: "Ps", chapter: 117 });
    expect(first.status).toBe(200);
    const url = first.json().audioUrl as string;
    expect(url).toMatch(/^\/api\/audio\/.+\/bible-web-psalms-117-[0-9a-f]{16}\.mp3$/);
    const again = await client.post("/api/word/audio", { translation: "web", book: "Ps", chapter: 117 });
    expect(again.json().audioUrl).toBe(url);
    const audio = await client.get(url);
    expect(audio.status).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/mpeg");
    expect(audio.body.length).toBeGreaterThan(1000);
    const usage = (await client.get("/api/usage")).json();
    expect(usage.features.find((f: { feature: string }) => f.feature === "audio").used).toBe(1);
    expect((await app.client().post("/api/word/audio", { translation: "web", book: "Ps", chapter: 117 })).status).toBe(401);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { loadLibrary } from "../src/providers/ai/library";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

const TRIGGERS = ["victory", "daily_checkin", "struggle"] as const;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const person = () => newPerson(app);

async function whisperRows(userId: string) {
  return app.db.select().from(schema.encouragementWhispers).where(eq(schema.encouragementWhispers.userId, userId));
}

function encourage(client: TestClient, triggerType: unknown, contextData?: unknown) {
  return client.post(
    "/api/functions/generate-encouragement",
    contextData === undefined ? { triggerType } : { triggerType, contextData },
  );
}

/** The composer's templates for a trigger, as patterns (placeholders match anything). */
function templatesFor(trigger: (typeof TRIGGERS)[number]): RegExp[] {
  return loadLibrary().encouragement[trigger].map(
    (t) => new RegExp(`^${t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{\w+\\\}/g, ".+")}$`),
  );
}

describe("generate-encouragement", () => {
  test("each trigger type writes a whisper of that kind", async () => {
    const { client, id } = await person();
    const devotional = (await client.get("/api/today")).json().devotional;
    const contexts = {
      victory: { journalLength: 120, devotionalTitle: "Iron Sharpens Iron" },
      daily_checkin: { spiritualConnection: 60, focusAreas: ["marriage"], notes: "A good day." },
      struggle: { spiritualConnection: 12, devotionalId: devotional.id },
    };
    for (const trigger of TRIGGERS) {
      const response = await encourage(client, trigger, contexts[trigger]);
      expect(response.status, trigger).toBe(200);
      const { whisper, care } = response.json();
      expect(care).toBe(false);
      expect(whisper).toMatchObject({ trigger_type: trigger, read: false });
      expect(whisper.message).not.toMatch(/\{\w+\}/);
      expect(
        templatesFor(trigger).some((t) => t.test(whisper.message)),
        whisper.message,
      ).toBe(true);
    }
    const rows = await whisperRows(id);
    expect(rows.map((r) => r.triggerType).sort()).toEqual([...TRIGGERS].sort());
    // Without context it still writes one.
    const bare = await encourage(client, "victory");
    expect(bare.status).toBe(200);
    expect(bare.json().whisper).toMatchObject({ trigger_type: "victory" });
  });

  test("a bad trigger type, a bad context or unknown fields are refused", async () => {
    const { client, id } = await person();
    const bad = await encourage(client, "celebration");
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toBe("triggerType: triggerType must be victory, daily_checkin or struggle");
    expect((await encourage(client, undefined)).status).toBe(400);
    expect((await encourage(client, "victory", "not an object")).status).toBe(400);
    expect((await encourage(client, "victory", [1, 2])).status).toBe(400);
    expect(
      (await client.post("/api/functions/generate-encouragement", { triggerType: "victory", contextData: {}, x: 1 })).status,
    ).toBe(400);
    expect(await whisperRows(id)).toHaveLength(0);
    expect((await encourage(app.client(), "victory")).status).toBe(401);
  });

  test("each trigger type takes only its own context fields of spec section 7", async () => {
    const { client, id } = await person();
    const refused: Array<[string, unknown, string]> = [
      ["victory", { journalLength: "long" }, "contextData.journalLength: journalLength must be a number"],
      ["victory", { devotionalTitle: 7 }, "contextData.devotionalTitle: devotionalTitle must be text"],
      ["victory", { spiritualConnection: 20 }, "Unknown field: spiritualConnection"],
      [
        "daily_checkin",
        { spiritualConnection: 101 },
        "contextData.spiritualConnection: spiritualConnection must be a whole number from 0 to 100",
      ],
      ["daily_checkin", { focusAreas: ["golf"] }, "contextData.focusAreas.0: Choose focus areas from the list"],
      ["daily_checkin", { notes: "x".repeat(2001) }, "contextData.notes: Notes must be 2000 characters or less"],
      ["daily_checkin", { journalLength: 80 }, "Unknown field: journalLength"],
      [
        "struggle",
        { spiritualConnection: 12.5 },
        "contextData.spiritualConnection: spiritualConnection must be a whole number from 0 to 100",
      ],
      ["struggle", { devotionalId: "today" }, "contextData.devotionalId: devotionalId must be the id of your devotional"],
      ["struggle", { notes: "Hard day." }, "Unknown field: notes"],
    ];
    for (const [trigger, context, message] of refused) {
      const response = await encourage(client, trigger, context);
      expect(response.status, JSON.stringify(context)).toBe(400);
      expect(response.json().error.message, JSON.stringify(context)).toBe(message);
    }
    // Each may leave out any of its fields.
    for (const trigger of TRIGGERS) expect((await encourage(client, trigger, {})).status, trigger).toBe(200);
    expect((await encourage(client, "daily_checkin", { spiritualConnection: null })).status).toBe(200);
    expect(await whisperRows(id)).toHaveLength(4);
  });

  test("a struggle names only the person's own devotional", async () => {
    const owner = await person();
    const theirs = (await owner.client.get("/api/today")).json().devotional;
    const { client, id } = await person();
    const refused = await encourage(client, "struggle", { spiritualConnection: 10, devotionalId: theirs.id });
    expect(refused.status).toBe(404);
    expect(refused.json().error.message).toBe("That devotional was not found.");
    expect((await encourage(client, "struggle", { devotionalId: crypto.randomUUID() })).status).toBe(404);
    expect(await whisperRows(id)).toHaveLength(0);
    expect(await whisperRows(owner.id)).toHaveLength(0);
    const mine = (await client.get("/api/today")).json().devotional;
    expect((await encourage(client, "struggle", { spiritualConnection: 10, devotionalId: mine.id })).status).toBe(200);
    expect(await whisperRows(id)).toHaveLength(1);
  });

  test("context that needs care writes no whisper and answers with care", async () => {
    const { client, id } = await person();
    const notes = await encourage(client, "daily_checkin", { spiritualConnection: 10, notes: "I want to end my life" });
    expect(notes.status).toBe(200);
    expect(notes.json()).toEqual({ whisper: null, care: true });
    const title = await encourage(client, "victory", { devotionalTitle: "I keep thinking about suicide" });
    expect(title.json()).toEqual({ whisper: null, care: true });
    expect(await whisperRows(id)).toHaveLength(0);
  });
});

describe("the whisper archive", () => {
  test("lists newest first; the newest unread shows until read, then the next", async () => {
    const { client } = await person();
    expect((await client.get("/api/whispers")).json()).toEqual({ whispers: [], next_before: null });
    expect((await client.get("/api/whispers/latest-unread")).json()).toEqual({ whisper: null });

    const made = [];
    for (const trigger of TRIGGERS) made.push((await encourage(client, trigger)).json().whisper);
    const [oldest, middle, newest] = made;

    const archive = (await client.get("/api/whispers")).json().whispers;
    expect(archive.map((w: { id: string }) => w.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(archive[0]).toEqual(newest);

    expect((await client.get("/api/whispers/latest-unread")).json().whisper).toEqual(newest);
    expect((await client.get("/api/today")).json().whisper).toEqual(newest);

    const read = await client.post(`/api/whispers/${newest.id}/read`);
    expect(read.status).toBe(200);
    expect(read.json()).toMatchObject({ id: newest.id, read: true });
    expect((await client.get("/api/whispers/latest-unread")).json().whisper).toEqual(middle);
    expect((await client.get("/api/today")).json().whisper).toEqual(middle);

    // Reading again is harmless.
    expect((await client.post(`/api/whispers/${newest.id}/read`)).json()).toMatchObject({ read: true });

    await client.post(`/api/whispers/${middle.id}/read`);
    expect((await client.get("/api/whispers/latest-unread")).json().whisper).toEqual(oldest);
    await client.post(`/api/whispers/${oldest.id}/read`);
    expect((await client.get("/api/whispers/latest-unread")).json()).toEqual({ whisper: null });
    expect((await client.get("/api/today")).json().whisper).toBeNull();

    // The archive keeps them all, read.
    const after = (await client.get("/api/whispers")).json().whispers;
    expect(after.map((w: { id: string; read: boolean }) => [w.id, w.read])).toEqual([
      [newest.id, true],
      [middle.id, true],
      [oldest.id, true],
    ]);
  });

  test("another person's whisper cannot be read, marked or seen", async () => {
    const owner = await person();
    const whisper = (await encourage(owner.client, "victory")).json().whisper;
    const { client } = await person();

    const marked = await client.post(`/api/whispers/${whisper.id}/read`);
    expect(marked.status).toBe(404);
    expect(marked.json().error.code).toBe("NOT_FOUND");
    expect((await client.post(`/api/whispers/${crypto.randomUUID()}/read`)).status).toBe(404);
    expect((await client.get("/api/whispers")).json()).toEqual({ whispers: [], next_before: null });
    expect((await client.get("/api/whispers/latest-unread")).json()).toEqual({ whisper: null });

    const [row] = await whisperRows(owner.id);
    expect(row!.read).toBe(false);
    expect((await owner.client.get("/api/whispers/latest-unread")).json().whisper).toEqual(whisper);
    expect((await app.client().get("/api/whispers")).status).toBe(401);
    expect((await app.client().get("/api/whispers/latest-unread")).status).toBe(401);
    expect((await app.client().post(`/api/whispers/${whisper.id}/read`)).status).toBe(401);
  });

  test("pages through all of them, 50 at a time, without skipping whispers made in the same instant", async () => {
    const { client, id } = await person();
    const other = await person();
    const at = new Date("2026-05-01T08:00:00.123456Z");
    // 60 whispers: the first 55 share one instant (a page boundary falls inside them), then 5 older ones.
    await app.db.insert(schema.encouragementWhispers).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: id,
        message: `Whisper ${i}`,
        triggerType: "daily_checkin",
        createdAt: i < 55 ? at : new Date(at.getTime() - (i - 54) * 60_000),
      })),
    );
    await app.db
      .insert(schema.encouragementWhispers)
      .values({ userId: other.id, message: "Not yours", triggerType: "victory", createdAt: at });

    const first = await client.get("/api/whispers");
    expect(first.status).toBe(200);
    const page1 = first.json();
    expect(page1.whispers).toHaveLength(50);
    expect(page1.next_before).toEqual(expect.any(String));
    const page2 = (await client.get(`/api/whispers?before=${encodeURIComponent(page1.next_before)}`)).json();
    expect(page2.whispers).toHaveLength(10);
    expect(page2.next_before).toBeNull();
    const messages = [...page1.whispers, ...page2.whispers].map((w: { message: string }) => w.message);
    expect(new Set(messages).size).toBe(60);
    expect(messages).not.toContain("Not yours");
    expect(messages.slice(-5)).toEqual(["Whisper 55", "Whisper 56", "Whisper 57", "Whisper 58", "Whisper 59"]);

    for (const bad of ["yesterday", Buffer.from('["2026-05-01","x"]').toString("base64url")]) {
      const response = await client.get(`/api/whispers?before=${bad}`);
      expect(response.status).toBe(400);
      expect(response.json().error.message).toBe("That page of your whispers could not be found. Start again from the newest.");
    }
    expect((await client.get("/api/whispers?page=2")).status).toBe(400);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { loadLibrary } from "../src/providers/ai/library";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

const TRIGGERS = ["victory", "daily_checkin", "struggle"] as const;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function person(): Promise<{ client: TestClient; id: string }> {
  const client = app.client();
  const user = await signUp(client);
  return { client, id: user.id };
}

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
    const contexts = {
      victory: { journalLength: 120, devotionalTitle: "Iron Sharpens Iron" },
      daily_checkin: { spiritualConnection: 60, focusAreas: ["marriage"], notes: "A good day." },
      struggle: { spiritualConnection: 12, devotionalId: crypto.randomUUID() },
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

  test("context that needs care writes no whisper and answers with care", async () => {
    const { client, id } = await person();
    const notes = await encourage(client, "daily_checkin", { spiritualConnection: 10, notes: "I want to end my life" });
    expect(notes.status).toBe(200);
    expect(notes.json()).toEqual({ whisper: null, care: true });
    const areas = await encourage(client, "struggle", { focusAreas: ["I keep thinking about suicide"] });
    expect(areas.json()).toEqual({ whisper: null, care: true });
    expect(await whisperRows(id)).toHaveLength(0);
  });
});

describe("the whisper archive", () => {
  test("lists newest first; the newest unread shows until read, then the next", async () => {
    const { client } = await person();
    expect((await client.get("/api/whispers")).json()).toEqual({ whispers: [] });
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
    expect((await client.get("/api/whispers")).json()).toEqual({ whispers: [] });
    expect((await client.get("/api/whispers/latest-unread")).json()).toEqual({ whisper: null });

    const [row] = await whisperRows(owner.id);
    expect(row!.read).toBe(false);
    expect((await owner.client.get("/api/whispers/latest-unread")).json().whisper).toEqual(whisper);
    expect((await app.client().get("/api/whispers")).status).toBe(401);
    expect((await app.client().post(`/api/whispers/${whisper.id}/read`)).status).toBe(401);
  });
});

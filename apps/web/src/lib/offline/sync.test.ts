import "fake-indexeddb/auto";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, test, vi } from "vitest";
import { onQueueChange, onSyncedCare, queuedWrites, setQueueMember, syncNow, writeOrQueue } from "./sync";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The browser's side: offline or online, and the server answering each write (a stand-in for the network). */
function device(online: boolean, answer?: (path: string, init: RequestInit) => Response) {
  vi.stubGlobal("navigator", { onLine: online });
  const sent: Array<{ path: string; init: RequestInit }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({ path, init });
      if (!answer) throw new TypeError("Failed to fetch");
      return answer(path, init);
    }),
  );
  return sent;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("writeOrQueue and syncNow", () => {
  test("offline, a write is kept with the body meant for later (made_on); online it is sent once, with its id, and the care card is asked for", async () => {
    setQueueMember(`member-${crypto.randomUUID()}`);
    let changes = 0;
    const stop = onQueueChange(() => changes++);
    device(false);
    const result = await writeOrQueue({
      method: "PUT",
      path: "/api/checkins/today",
      body: { mood: "good" },
      queuedBody: { mood: "good", made_on: "2026-11-27" },
      label: "Check-in",
    });
    expect(result.queued).toBe(true);
    expect(changes).toBeGreaterThan(0);
    const waiting = await queuedWrites();
    expect(waiting.map((w) => w.body)).toEqual([{ mood: "good", made_on: "2026-11-27" }]);

    const care = vi.fn();
    onSyncedCare(care);
    const sent = device(true, () => json(200, { checkin: {}, whisper: null, care: true }));
    const client = new QueryClient();
    await syncNow(client);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe("/api/checkins/today");
    expect((sent[0]!.init.headers as Record<string, string>)["idempotency-key"]).toBe(waiting[0]!.id);
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ mood: "good", made_on: "2026-11-27" });
    expect(care).toHaveBeenCalledTimes(1);
    expect(await queuedWrites()).toEqual([]);
    onSyncedCare(null);
    stop();
  });

  test("online, a write the network drops is kept under the same id, with the body for later", async () => {
    setQueueMember(`member-${crypto.randomUUID()}`);
    const sent = device(true);
    const result = await writeOrQueue({
      method: "POST",
      path: "/api/path/plans/p/days/2/complete",
      body: {},
      queuedBody: { made_on: "2026-11-27" },
      label: "Day 2",
    });
    expect(result.queued).toBe(true);
    const [kept] = await queuedWrites();
    expect((sent[0]!.init.headers as Record<string, string>)["idempotency-key"]).toBe(kept!.id);
    expect(kept!.body).toEqual({ made_on: "2026-11-27" });
  });

  test("online and answered, nothing is kept; a refusal is thrown with the server's words", async () => {
    setQueueMember(`member-${crypto.randomUUID()}`);
    device(true, (path) =>
      path === "/api/word/notes"
        ? json(400, { error: { code: "BAD_REQUEST", message: "Write your note." } })
        : json(200, { progress: { completed: true }, streak: 1 }),
    );
    const done = await writeOrQueue({
      method: "POST",
      path: "/api/progress/complete",
      body: { devotional_id: "d" },
      label: "Mark Complete",
    });
    expect(done).toEqual({ queued: false, body: { progress: { completed: true }, streak: 1 } });
    await expect(writeOrQueue({ method: "POST", path: "/api/word/notes", body: {}, label: "Note" })).rejects.toThrow(
      "Write your note.",
    );
    expect(await queuedWrites()).toEqual([]);
  });

  test("a sync asked for while one runs (a write queued meanwhile) flushes again after it, so nothing waits for the next tick", async () => {
    setQueueMember(`member-${crypto.randomUUID()}`);
    device(false);
    await writeOrQueue({ method: "POST", path: "/api/journal", body: { content: "first" }, label: "Journal entry" });
    const client = new QueryClient();
    const sent: string[] = [];
    let asked: Promise<void> | undefined;
    vi.stubGlobal("navigator", { onLine: true });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_path: string, init: RequestInit) => {
        const content = (JSON.parse(String(init.body)) as { content: string }).content;
        sent.push(content);
        if (content === "first") {
          // While the first is on its way the connection drops, a second entry is kept, and it comes back.
          vi.stubGlobal("navigator", { onLine: false });
          await writeOrQueue({ method: "POST", path: "/api/journal", body: { content: "second" }, label: "Journal entry" });
          vi.stubGlobal("navigator", { onLine: true });
          asked = syncNow(client);
        }
        return json(201, { entry: {}, whisper: null, care: false });
      }),
    );
    await syncNow(client);
    await asked;
    expect(sent).toEqual(["first", "second"]);
    expect(await queuedWrites()).toEqual([]);
  });
});

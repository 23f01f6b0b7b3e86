import "fake-indexeddb/auto";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
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

describe("when the connection is back but not yet usable", () => {
  afterEach(() => {
    // Signed out: no quick try of this test's member outlives it.
    setQueueMember(null);
    vi.useRealTimers();
  });

  beforeEach(() => {
    // Only the timers: the fake IndexedDB schedules its own work on the real ones.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    setQueueMember(`member-${crypto.randomUUID()}`);
  });

  /** A journal entry written with the network cut: kept on the device. */
  async function keptOffline(content: string) {
    device(false);
    await writeOrQueue({ method: "POST", path: "/api/journal", body: { content }, label: "Journal entry" });
  }

  /** The flush a quick try started has finished: the next quick try is set (or, once they are spent, none is). */
  const settled = (timers: number) => vi.waitFor(() => expect(vi.getTimerCount()).toBe(timers));

  test("a flush that fails while the browser says online is tried again after 1, 2, 4, 8 and 16 s, and no more", async () => {
    await keptOffline("in the cabin");
    const client = new QueryClient();
    // Online, but every request still fails (the network has not caught up with the browser's "online").
    const sent = device(true);
    await syncNow(client);
    expect(sent).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1);
    for (const [wait, total] of [
      [1_000, 2],
      [2_000, 3],
      [4_000, 4],
      [8_000, 5],
      [16_000, 6],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(sent, `not before ${wait} ms`).toHaveLength(total - 1);
      await vi.advanceTimersByTimeAsync(1);
      // The try reads the device's queue (IndexedDB, on real time) before it sends.
      await vi.waitFor(() => expect(sent, `after ${wait} ms`).toHaveLength(total));
      await settled(total < 6 ? 1 : 0);
    }
    // A server that stays unreachable is left to the app's slower retry.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(6);
    expect(await queuedWrites()).toHaveLength(1);
  });

  test("the second try sends it once the network answers, and then no more tries are made", async () => {
    await keptOffline("by the lake");
    const client = new QueryClient();
    let usable = false;
    const sent = device(true, () => {
      if (!usable) throw new TypeError("Failed to fetch");
      return json(201, { entry: {}, whisper: null, care: false });
    });
    await syncNow(client);
    usable = true;
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(async () => expect(await queuedWrites()).toEqual([]));
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  test("after a flush that sent something, the pages re-read at once and once more 2 s later (not while offline)", async () => {
    const client = new QueryClient();
    const rereads = vi.spyOn(client, "invalidateQueries");
    const entry = () => json(201, { entry: {}, whisper: null, care: false });

    await keptOffline("at dawn");
    device(true, entry);
    await syncNow(client);
    expect(rereads).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(rereads).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rereads).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(rereads).toHaveBeenCalledTimes(2);

    // Offline again by the time the second re-read is due: it waits for the next sync instead.
    await keptOffline("at dusk");
    device(true, entry);
    await syncNow(client);
    expect(rereads).toHaveBeenCalledTimes(3);
    device(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(rereads).toHaveBeenCalledTimes(3);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, isServerPause } from "./api";
import { createQueryClient } from "./query-client";
import { retryAfterSeconds, serverBack, serverPausedUntil } from "./server-pause";

/** The server's answers, in order, as the browser's fetch would give them; the paths asked are kept. */
function answers(...responses: Array<() => Response>) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      asked.push(path);
      const next = responses.shift();
      if (!next) throw new TypeError("Failed to fetch");
      return next();
    }),
  );
  return asked;
}

const databaseAway =
  (retryAfter = "5") =>
  () =>
    new Response(
      JSON.stringify({
        error: { code: "UNAVAILABLE", message: "Shepherd can't reach its database right now. Please try again in a moment." },
      }),
      { status: 503, headers: { "content-type": "application/json", "retry-after": retryAfter } },
    );
const ok = (body: unknown) => () =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  serverBack();
});

describe("a 503 with Retry-After (the server cannot reach its database for a moment)", () => {
  it("is a pause, not an error: the app waits as asked, and the server's next answer ends it", async () => {
    answers(databaseAway(), ok({ status: "ok" }));
    const before = Date.now();
    const error = await api("/api/me").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(isServerPause(error)).toBe(true);
    expect((error as ApiError).retryAfterSeconds).toBe(5);
    expect((error as ApiError).message).toBe("Shepherd can't reach its database right now. Please try again in a moment.");
    expect(serverPausedUntil()).toBeGreaterThanOrEqual(before + 5_000);

    await api("/api/health/ready");
    expect(serverPausedUntil()).toBeNull();
  });

  it("is not a 500, nor a 503 without Retry-After", async () => {
    answers(
      () => new Response(JSON.stringify({ error: { code: "INTERNAL", message: "Something went wrong." } }), { status: 500 }),
      () => new Response("Service Unavailable", { status: 503 }),
    );
    expect(isServerPause(await api("/api/me").catch((caught: unknown) => caught))).toBe(false);
    expect(isServerPause(await api("/api/me").catch((caught: unknown) => caught))).toBe(false);
    expect(serverPausedUntil()).toBeNull();
  });

  it("a read is asked again once Retry-After has passed, and succeeds when the server is back", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const asked = answers(databaseAway("2"), databaseAway("2"), ok({ focus: ["prayer"] }));
    const client = createQueryClient();
    const read = client.fetchQuery({ queryKey: ["me"], queryFn: () => api<{ focus: string[] }>("/api/me") });

    await vi.advanceTimersByTimeAsync(1_999);
    expect(asked).toHaveLength(1);
    expect(serverPausedUntil()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(asked).toHaveLength(3);
    await expect(read).resolves.toEqual({ focus: ["prayer"] });
    expect(serverPausedUntil()).toBeNull();
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-12-01T10:00:00Z");
    expect(retryAfterSeconds("5", now)).toBe(5);
    expect(retryAfterSeconds("Tue, 01 Dec 2026 10:00:30 GMT", now)).toBe(30);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds("soon", now)).toBeUndefined();
  });
});

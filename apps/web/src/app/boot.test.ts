import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ONBOARDING_FLAG_KEY } from "@shepherd/shared/constants";
import { startBoot } from "./boot";

/** The browser around the boot: its storage and its network (what the server would answer for a signed-in member). */
function browser(signedIn: boolean) {
  const stored = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  const asked: string[] = [];
  const pending: Array<() => void> = [];
  vi.stubGlobal("fetch", (path: string) => {
    asked.push(path);
    const body =
      path === "/api/auth/get-session"
        ? signedIn
          ? { session: { id: "s" }, user: { id: "u" } }
          : null
        : path === "/api/me"
          ? { profile: { onboarding_completed_at: "2026-11-01T00:00:00Z" } }
          : { date: "2026-11-26" };
    const status = !signedIn && path !== "/api/auth/get-session" ? 401 : 200;
    // Answers wait until the test lets them go, so "asked at once" means before any answer arrived.
    return new Promise((resolve) =>
      pending.push(() =>
        resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
      ),
    );
  });
  const answerAll = async () => {
    for (let round = 0; round < 20; round++) {
      while (pending.length) pending.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { stored, asked, answerAll };
}

describe("startBoot", () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    client.clear();
    vi.unstubAllGlobals();
  });

  it("asks for the session, the profile and Today's screen at once, and loads Today's code, for a member at /", async () => {
    const { stored, asked, answerAll } = browser(true);
    stored.set("signedIn", "true");
    stored.set(ONBOARDING_FLAG_KEY, "true");
    const loadToday = vi.fn(() => Promise.resolve());
    startBoot(client, { pathname: "/", loadToday });
    // The session and the profile in the caller's task; Today's screen, then Today's code, each in a task of its own.
    expect(asked.sort()).toEqual(["/api/auth/get-session", "/api/me"]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked.sort()).toEqual(["/api/auth/get-session", "/api/me", "/api/today"]);
    expect(loadToday).toHaveBeenCalledOnce();
    await answerAll();
    expect(client.getQueryData(["me"])).toMatchObject({ profile: {} });
    expect(stored.get("signedIn")).toBe("true");
    // Once the session says he is signed in: the header's bell and badge, and what Today shows below the devotional
    // (the week's kept days for the month page of his date, from Today's answer).
    expect(asked.sort()).toEqual([
      "/api/auth/get-session",
      "/api/functions/check-subscription",
      "/api/me",
      "/api/notifications",
      "/api/path",
      "/api/streak/days?from=2026-11-01&to=2026-12-05",
      "/api/subscription",
      "/api/today",
      "/api/usage",
    ]);
    expect(client.getQueryData(["usage"])).toBeDefined();
  });

  it("asks only for the session on a visitor's first load (no hint), then nothing that answers 401", async () => {
    const { stored, asked, answerAll } = browser(false);
    const loadToday = vi.fn(() => Promise.resolve());
    startBoot(client, { pathname: "/", loadToday });
    await answerAll();
    expect(asked).toEqual(["/api/auth/get-session"]);
    expect(loadToday).not.toHaveBeenCalled();
    expect(client.getQueryData(["me"])).toBeNull();
    expect(stored.has("signedIn")).toBe(false);
  });

  it("forgets a stale hint when the session is gone (the profile's early 401 is dropped)", async () => {
    const { stored, asked, answerAll } = browser(false);
    stored.set("signedIn", "true");
    startBoot(client, { pathname: "/word", loadToday: () => Promise.resolve() });
    await answerAll();
    expect(asked.sort()).toEqual(["/api/auth/get-session", "/api/me"]);
    expect(client.getQueryData(["me"])).toBeNull();
    expect(stored.has("signedIn")).toBe(false);
  });

  it("leaves Today alone away from / and for a member who has not finished onboarding: only the header's answers", async () => {
    const { stored, asked, answerAll } = browser(true);
    stored.set("signedIn", "true");
    const loadToday = vi.fn(() => Promise.resolve());
    startBoot(client, { pathname: "/", loadToday });
    await answerAll();
    expect(asked.sort()).toEqual([
      "/api/auth/get-session",
      "/api/functions/check-subscription",
      "/api/me",
      "/api/notifications",
      "/api/subscription",
    ]);
    expect(loadToday).not.toHaveBeenCalled();
  });
});

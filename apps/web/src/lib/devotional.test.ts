import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Devotional, TodayState } from "@shepherd/shared/api";
import { devotionalKeys, invalidateTodayDevotional, patchTodayScreen, todayDevotionalQuery } from "./devotional";
import { journalKeys } from "./journal";

const devotional = { id: "d1", reflection: "Where did you see God today?" } as Devotional;
const screen = { devotional, streak: 3, journal_saved_today: false } as TodayState;

function cached() {
  const client = new QueryClient();
  client.setQueryData(todayDevotionalQuery.queryKey, devotional);
  client.setQueryData(devotionalKeys.todayScreen(), screen);
  client.setQueryData(journalKeys.list(""), { pages: [], pageParams: [] });
  return client;
}

describe("today's devotional cache", () => {
  it("a different devotional makes Today and My Flock's composer reload it, and nothing else", async () => {
    const client = cached();
    await invalidateTodayDevotional(client);
    expect(client.getQueryState(todayDevotionalQuery.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(devotionalKeys.todayScreen())?.isInvalidated).toBe(true);
    expect(client.getQueryState(journalKeys.list(""))?.isInvalidated).toBe(false);
  });

  it("patches the Today screen only when it is cached", () => {
    const client = cached();
    patchTodayScreen(client, (state) => ({ ...state, journal_saved_today: true }));
    expect(client.getQueryData<TodayState>(devotionalKeys.todayScreen())?.journal_saved_today).toBe(true);
    const empty = new QueryClient();
    patchTodayScreen(empty, (state) => ({ ...state, streak: 9 }));
    expect(empty.getQueryData(devotionalKeys.todayScreen())).toBeUndefined();
  });
});

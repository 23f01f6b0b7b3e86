import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { Devotional, TodayState } from "@shepherd/shared/api";
import { api } from "./api";

/**
 * Today's devotional is read by Today (GET /api/today, with my progress on it) and by My Flock, whose reflection
 * composer asks its question (GET /api/devotionals/today). Both caches sit under one key, so what Today changes reaches
 * every view of it.
 */
export const devotionalKeys = {
  /** Every cache of today's devotional: what a different devotional (refresh-devotional) invalidates. */
  today: () => ["devotionals", "today"] as const,
  /** GET /api/devotionals/today: the devotional alone. */
  todayDevotional: () => [...devotionalKeys.today(), "devotional"] as const,
  /** GET /api/today: the Today screen, the devotional with my progress, streak, check-in and whisper. */
  todayScreen: () => [...devotionalKeys.today(), "screen"] as const,
};

/** GET /api/devotionals/today. */
export const todayDevotionalQuery = queryOptions({
  queryKey: devotionalKeys.todayDevotional(),
  queryFn: ({ signal }) => api<Devotional>("/api/devotionals/today", { signal }),
  staleTime: 10 * 60_000,
  retry: false,
});

export function useTodayDevotional() {
  return useQuery(todayDevotionalQuery);
}

/** Today's devotional changed (a different one was chosen): every view of it reloads, Today's and My Flock's. */
export function invalidateTodayDevotional(client: QueryClient) {
  return client.invalidateQueries({ queryKey: devotionalKeys.today() });
}

/** Changes the cached Today screen in place, when something saved elsewhere shows on it. */
export function patchTodayScreen(client: QueryClient, change: (state: TodayState) => TodayState) {
  client.setQueryData<TodayState>(devotionalKeys.todayScreen(), (state) => (state ? change(state) : state));
}

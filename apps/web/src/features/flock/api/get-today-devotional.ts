import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Devotional } from "@shepherd/shared/api";
import { api } from "@/lib/api";

/** GET /api/devotionals/today: its reflection question is a reflection's default prompt. */
export const todayDevotionalQuery = queryOptions({
  queryKey: ["devotionals", "today"],
  queryFn: ({ signal }) => api<Devotional>("/api/devotionals/today", { signal }),
  staleTime: 10 * 60_000,
  retry: false,
});

export function useTodayDevotional() {
  return useQuery(todayDevotionalQuery);
}

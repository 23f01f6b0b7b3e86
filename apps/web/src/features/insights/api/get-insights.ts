import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { InsightPage } from "@shepherd/shared/insights";
import { api } from "@/lib/api";
import { insightKeys } from "./keys";

/** GET /api/insights: the archive, newest first, a page at a time. */
export const insightsQuery = infiniteQueryOptions({
  queryKey: insightKeys.list(),
  queryFn: ({ pageParam }) =>
    api<InsightPage>(pageParam ? `/api/insights?before=${encodeURIComponent(pageParam)}` : "/api/insights"),
  initialPageParam: "",
  getNextPageParam: (last) => last.next_before ?? undefined,
});

export function useInsights() {
  return useInfiniteQuery(insightsQuery);
}

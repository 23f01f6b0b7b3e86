import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TodayState } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { devotionalKeys } from "@/lib/devotional";

/** GET /api/today: everything the Today screen shows. */
export const todayQuery = queryOptions({
  queryKey: devotionalKeys.todayScreen(),
  queryFn: () => api<TodayState>("/api/today"),
  staleTime: 60_000,
  retry: 1,
});

export function useToday() {
  return useQuery(todayQuery);
}

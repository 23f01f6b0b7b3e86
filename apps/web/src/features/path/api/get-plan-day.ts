import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlanDay } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathKeys } from "@/lib/path";

/** GET /api/path/plans/{id}/days/{n}: a day's page in my reading translation (or the one asked for). */
export function planDayQuery(planId: string, day: number, translation?: string) {
  return queryOptions({
    queryKey: pathKeys.day(planId, day, translation),
    queryFn: ({ signal }) =>
      api<PlanDay>(`/api/path/plans/${planId}/days/${day}${translation ? `?translation=${translation}` : ""}`, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function usePlanDay(planId: string, day: number | null, translation?: string) {
  return useQuery({ ...planDayQuery(planId, day ?? 0, translation), enabled: day !== null });
}

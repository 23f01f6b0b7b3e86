import { queryOptions, useQuery } from "@tanstack/react-query";
import { PLAN_POLL_INTERVAL_MS, type PlanDetail } from "@shepherd/shared/path";
import { api, hasStatus } from "@/lib/api";
import { pathKeys } from "@/lib/path";

/** GET /api/path/plans/{id}: a plan with its days, where I stand in it, and which days are open. */
export function planQuery(planId: string) {
  return queryOptions({
    queryKey: pathKeys.plan(planId),
    queryFn: ({ signal }) => api<PlanDetail>(`/api/path/plans/${planId}`, { signal }),
    staleTime: 60_000,
    retry: (count, error) => count < 1 && !hasStatus(error, 403, 404),
  });
}

/** While the plan is being written it is read again every 5 seconds ("Writing day 4 of 14", then its days). */
export function usePlan(planId: string) {
  return useQuery({
    ...planQuery(planId),
    refetchInterval: (query) => (query.state.data?.status === "generating" ? PLAN_POLL_INTERVAL_MS : false),
  });
}

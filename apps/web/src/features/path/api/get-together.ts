import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlanGroupSummary } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { togetherKeys } from "./together-keys";

/** GET /api/path/together: the plans he follows (or is invited to follow) with his flock; ?plan_id= for one plan's. */
export function togetherQuery(planId?: string) {
  return queryOptions({
    queryKey: togetherKeys.mine(planId),
    queryFn: ({ signal }) =>
      api<PlanGroupSummary[]>(planId ? `/api/path/together?plan_id=${planId}` : "/api/path/together", { signal }),
    // Fresh on every visit: invitations arrive from his brothers.
    staleTime: 0,
  });
}

export function useTogether(planId?: string) {
  return useQuery(togetherQuery(planId));
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BuilderPlan } from "@shepherd/shared/path";
import { api, hasStatus } from "@/lib/api";
import { pathKeys } from "@/lib/path";

export const builderKey = (planId: string) => [...pathKeys.all, "builder", planId] as const;

/** GET /api/path/builder/{id}: my plan as the builder edits it (its working copy, else its published days). */
export function builderPlanQuery(planId: string) {
  return queryOptions({
    queryKey: builderKey(planId),
    queryFn: ({ signal }) => api<BuilderPlan>(`/api/path/builder/${planId}`, { signal }),
    // The editor holds his edits; the server's copy is read once when the editor opens.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (count, error) => count < 1 && !hasStatus(error, 403, 404, 409),
  });
}

export function useBuilderPlan(planId: string) {
  return useQuery(builderPlanQuery(planId));
}

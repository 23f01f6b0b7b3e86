import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { MyPlans, PlanDetail } from "@shepherd/shared/path";
import { api } from "./api";

/**
 * The Path's caches, shared by The Path, Today ("Today on your Path") and onboarding (its first plan): one key root,
 * so a day completed on a plan's page is marked on Today too.
 */
export const pathKeys = {
  all: ["path"] as const,
  mine: () => [...pathKeys.all, "mine"] as const,
  library: (filters: { theme?: string; length?: string }) => [...pathKeys.all, "library", filters] as const,
  onboarding: () => [...pathKeys.all, "onboarding"] as const,
  plan: (planId: string) => [...pathKeys.all, "plan", planId] as const,
  day: (planId: string, day: number, translation?: string) => [...pathKeys.all, "plan", planId, "day", day, translation] as const,
};

/** GET /api/path: the plans I follow (active and paused) and the ones I finished. */
export const myPlansQuery = queryOptions({
  queryKey: pathKeys.mine(),
  queryFn: ({ signal }) => api<MyPlans>("/api/path", { signal }),
  staleTime: 60_000,
});

export function useMyPlans() {
  return useQuery(myPlansQuery);
}

/** Something about a plan I follow changed: its page, My plans, the library's badges and Today's line reload. */
export function pathChanged(client: QueryClient, plan?: PlanDetail) {
  if (plan) client.setQueryData(pathKeys.plan(plan.id), plan);
  return client.invalidateQueries({ queryKey: pathKeys.all, refetchType: "active" });
}

/** POST /api/path/plans/{id}/follow: start a plan (today, or on a chosen day). */
export function followPlan(input: { planId: string; startDate?: string }) {
  return api<PlanDetail>(`/api/path/plans/${input.planId}/follow`, {
    body: input.startDate ? { start_date: input.startDate } : {},
  });
}

export function useFollowPlan() {
  const client = useQueryClient();
  return useMutation({ mutationFn: followPlan, onSuccess: (plan) => pathChanged(client, plan) });
}

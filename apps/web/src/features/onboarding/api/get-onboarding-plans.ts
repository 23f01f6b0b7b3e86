import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlanSummary } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathKeys } from "@/lib/path";

/** GET /api/path/onboarding-plans: three starter plans for the focus and topics just chosen. */
export const onboardingPlansQuery = queryOptions({
  queryKey: pathKeys.onboarding(),
  queryFn: ({ signal }) => api<PlanSummary[]>("/api/path/onboarding-plans", { signal }),
  staleTime: 0,
});

export function useOnboardingPlans() {
  return useQuery(onboardingPlansQuery);
}

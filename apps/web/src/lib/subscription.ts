import { queryOptions, useQuery } from "@tanstack/react-query";
import { SUBSCRIPTION_REFRESH_MS } from "@shepherd/shared/constants";
import type { SubscriptionStatus } from "@shepherd/shared/subscription";
import type { UsageSummary } from "@shepherd/shared/usage";
import { api } from "./api";

/**
 * Spec sections 7 and 9: every 60 seconds check-subscription runs together with the subscription load.
 * Its answer is used only for error logging; the load that follows reads the (possibly updated) row.
 */
async function loadSubscription(): Promise<SubscriptionStatus> {
  try {
    await api("/api/functions/check-subscription", { body: {} });
  } catch (error) {
    console.error("check-subscription failed", error);
  }
  return api<SubscriptionStatus>("/api/subscription");
}

export const subscriptionQuery = queryOptions({
  queryKey: ["subscription"],
  queryFn: loadSubscription,
  refetchInterval: SUBSCRIPTION_REFRESH_MS,
});

export function useSubscription() {
  return useQuery(subscriptionQuery);
}

export const usageQuery = queryOptions({
  queryKey: ["usage"],
  queryFn: () => api<UsageSummary>("/api/usage"),
});

export function useUsage() {
  return useQuery(usageQuery);
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { SUBSCRIPTION_REFRESH_MS, type SubscriptionStatus } from "@shepherd/shared";
import { api } from "@/lib/api";

export const subscriptionQuery = queryOptions({
  queryKey: ["subscription"],
  queryFn: () => api<SubscriptionStatus>("/api/subscription"),
  // Spec section 9: the subscription is reloaded every 60 seconds.
  refetchInterval: SUBSCRIPTION_REFRESH_MS,
});

export function useSubscription() {
  return useQuery(subscriptionQuery);
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SubscriptionStatus } from "@shepherd/shared/subscription";
import { api } from "@/lib/api";
import { subscriptionQuery } from "@/lib/subscription";

export type SubscriptionChange = "cancel" | "resume";

/**
 * POST /api/subscription/cancel or /resume (the local provider): renew at the period's end, or not. A cancellation may
 * carry his reason (admin Churn reads it).
 */
export function changeSubscription(input: { change: SubscriptionChange; reason?: string }) {
  const body = input.change === "cancel" && input.reason?.trim() ? { reason: input.reason.trim() } : {};
  return api<SubscriptionStatus>(`/api/subscription/${input.change}`, { body });
}

export function useChangeSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeSubscription,
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionQuery.queryKey }),
  });
}

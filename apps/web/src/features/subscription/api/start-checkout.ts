import { useMutation } from "@tanstack/react-query";
import type { PlanId } from "@shepherd/shared/plans";
import { api } from "@/lib/api";

/** POST /api/subscription/checkout -> the checkout page for the plan (a 14-day free trial first). */
export function startCheckout(plan: PlanId) {
  return api<{ url: string }>("/api/subscription/checkout", { body: { plan } });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout, onSuccess: ({ url }) => window.location.assign(url) });
}

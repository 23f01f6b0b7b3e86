import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** POST /api/subscription/portal -> Stripe's customer portal, where he manages or cancels his plan. */
export function openPortal() {
  return api<{ url: string }>("/api/subscription/portal", { body: {} });
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal, onSuccess: ({ url }) => window.location.assign(url) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { pathChanged } from "@/lib/path";

/** DELETE /api/path/plans/{id}/follow: stop following a plan (its progress goes with it). */
export function leavePlan(planId: string) {
  return api<{ left: true }>(`/api/path/plans/${planId}/follow`, { method: "DELETE" });
}

export function useLeavePlan() {
  const client = useQueryClient();
  return useMutation({ mutationFn: leavePlan, onSuccess: () => pathChanged(client) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { pathKeys } from "@/lib/path";
import { builderKey } from "./get-builder-plan";

/** DELETE /api/path/plans/{id}: a plan I made goes (409 while others follow it). */
export function deletePlan(planId: string) {
  return api<{ deleted: true }>(`/api/path/plans/${planId}`, { method: "DELETE" });
}

/** Its page and the builder's copy are not read again while they show (they would be 404); his plans reload. */
export function useDeletePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: (_, planId) => {
      void client.invalidateQueries({ queryKey: builderKey(planId), refetchType: "none" });
      void client.invalidateQueries({ queryKey: pathKeys.plan(planId), refetchType: "none" });
      return client.invalidateQueries({ queryKey: pathKeys.mine() });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BuilderPlan } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathKeys } from "@/lib/path";
import { builderKey } from "./get-builder-plan";

/** POST /api/path/builder/{id}/discard: a published plan's saved, unpublished changes go; its published days stay. */
export function discardBuilderChanges(planId: string) {
  return api<BuilderPlan>(`/api/path/builder/${planId}/discard`, { body: {} });
}

export function useDiscardBuilderChanges() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: discardBuilderChanges,
    onSuccess: (plan) => {
      client.setQueryData(builderKey(plan.id), plan);
      return client.invalidateQueries({ queryKey: pathKeys.mine() });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BuilderPlan, BuilderPlanInput } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathKeys } from "@/lib/path";
import { builderKey } from "./get-builder-plan";

/** PUT /api/path/builder/{id}: "Save as draft", his working copy however unfinished (references are checked). */
export function saveBuilderPlan(input: { planId: string; plan: BuilderPlanInput }) {
  return api<BuilderPlan>(`/api/path/builder/${input.planId}`, { method: "PUT", body: input.plan });
}

export function useSaveBuilderPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBuilderPlan,
    onSuccess: (plan) => {
      client.setQueryData(builderKey(plan.id), plan);
      return Promise.all([
        client.invalidateQueries({ queryKey: pathKeys.mine() }),
        client.invalidateQueries({ queryKey: pathKeys.plan(plan.id), exact: true }),
      ]);
    },
  });
}

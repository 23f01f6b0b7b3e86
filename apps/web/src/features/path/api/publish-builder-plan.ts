import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BuilderPlan } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathChanged } from "@/lib/path";
import { builderKey } from "./get-builder-plan";

/** POST /api/path/builder/{id}/publish: every part of every day asked for, then the saved days become the plan's. */
export function publishBuilderPlan(planId: string) {
  return api<BuilderPlan>(`/api/path/builder/${planId}/publish`, { body: {} });
}

/** The plan's page, his plans and Today read the published days. */
export function usePublishBuilderPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishBuilderPlan,
    onSuccess: (plan) => {
      client.setQueryData(builderKey(plan.id), plan);
      return pathChanged(client);
    },
  });
}

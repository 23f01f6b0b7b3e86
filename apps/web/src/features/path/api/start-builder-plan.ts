import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BuilderPlan } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathKeys } from "@/lib/path";
import { builderKey } from "./get-builder-plan";

export type BuilderStart = { from: "scratch" } | { from: "plan"; plan_id: string };

/** POST /api/path/builder: a new draft of mine, empty or a copy of a plan I can see (Premium). */
export function startBuilderPlan(start: BuilderStart) {
  return api<BuilderPlan>("/api/path/builder", { body: start });
}

/** The new draft opens in the editor without a second read, and shows under his own plans. */
export function useStartBuilderPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startBuilderPlan,
    onSuccess: (plan) => {
      client.setQueryData(builderKey(plan.id), plan);
      return client.invalidateQueries({ queryKey: pathKeys.mine() });
    },
  });
}

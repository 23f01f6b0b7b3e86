import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreatedPlan, CustomPlanBrief } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathChanged } from "@/lib/path";
import { writeGenerationMarker } from "../generation-poller";
import { clearDraft } from "../plan-draft";

/** POST /api/path/custom-plans: "Create my plan" (Premium). Answers at once; the days are written in the background. */
export function createCustomPlan(brief: CustomPlanBrief) {
  return api<CreatedPlan>("/api/path/custom-plans", { body: brief });
}

/** On 201: the generation marker (spec section 3) for the poller, the wizard's answers cleared, his plans reloaded. */
export function useCreateCustomPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCustomPlan,
    onSuccess: (created) => {
      writeGenerationMarker(
        window.localStorage,
        { planId: created.plan_id, planTitle: created.title, startedAt: Date.now() },
        window,
      );
      clearDraft(window.localStorage);
      return pathChanged(client);
    },
  });
}

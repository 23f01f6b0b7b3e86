import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GenerationState } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathChanged } from "@/lib/path";
import { writeGenerationMarker } from "../generation-poller";

/** POST /api/path/plans/{id}/generation/retry: Try again after the writing failed (409 unless it failed). */
export function retryGeneration(planId: string) {
  return api<GenerationState>(`/api/path/plans/${planId}/generation/retry`, { body: {} });
}

/** Written again from where it stopped: the poller waits for it as for a new plan, and the cards show it writing. */
export function useRetryGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryGeneration,
    onSuccess: (state) => {
      writeGenerationMarker(
        window.localStorage,
        { planId: state.plan_id, planTitle: state.title, startedAt: Date.now() },
        window,
      );
      return pathChanged(client);
    },
  });
}

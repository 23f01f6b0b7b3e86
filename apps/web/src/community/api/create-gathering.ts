import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GatheringInput, GatheringSummary } from "@shepherd/shared/gatherings";
import { api } from "@/lib/api";
import { gatheringKeys } from "./gathering-keys";

/** POST /api/gatherings: schedule one for a flock, or start it now (no starts_at). Premium members host. */
export function createGathering(input: GatheringInput) {
  return api<GatheringSummary>("/api/gatherings", { body: input });
}

export function useCreateGathering() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createGathering,
    onSuccess: () => client.invalidateQueries({ queryKey: gatheringKeys.all }),
  });
}

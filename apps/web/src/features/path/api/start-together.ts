import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlanGroup } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { groupSaved } from "./get-group";

export interface StartTogether {
  planId: string;
  flockId: string;
  /** The brothers he chose; left out, everyone in the flock. */
  memberIds?: string[];
}

/** POST /api/path/plans/{id}/together: he follows the plan with his flock; the others are invited. */
export function startTogether(input: StartTogether) {
  return api<PlanGroup>(`/api/path/plans/${input.planId}/together`, {
    body: { flock_id: input.flockId, ...(input.memberIds ? { member_ids: input.memberIds } : {}) },
  });
}

export function useStartTogether() {
  const client = useQueryClient();
  return useMutation({ mutationFn: startTogether, onSuccess: (group) => groupSaved(client, group) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlanGroup } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { groupSaved } from "./get-group";

/** POST /api/path/together/{groupId}/join: he accepts the invitation, and follows the plan. */
export function joinGroup(groupId: string) {
  return api<PlanGroup>(`/api/path/together/${groupId}/join`, { method: "POST" });
}

export function useJoinGroup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: joinGroup, onSuccess: (group) => groupSaved(client, group) });
}

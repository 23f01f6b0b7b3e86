import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlanGroupSummary } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathChanged } from "@/lib/path";
import { groupQuery } from "./get-group";
import { togetherKeys } from "./together-keys";

/** DELETE /api/path/together/{groupId}/membership: he steps out (or declines); the plan he follows stays his. */
export function leaveGroup(groupId: string) {
  return api<{ left: true }>(`/api/path/together/${groupId}/membership`, { method: "DELETE" });
}

export function useLeaveGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: leaveGroup,
    onSuccess: (_, groupId) => {
      // Out of his lists at once, so nothing asks for a group he is no longer in.
      client.setQueriesData<PlanGroupSummary[]>({ queryKey: [...togetherKeys.all, "mine"] }, (groups) =>
        groups?.filter((g) => g.id !== groupId),
      );
      client.removeQueries({ queryKey: groupQuery(groupId).queryKey });
      return pathChanged(client);
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FlockDetail } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockQuery } from "@/community";

/** DELETE /api/flocks/:id/members/:userId (owner). */
export function removeMember(input: { flockId: string; userId: string }) {
  return api<FlockDetail>(`/api/flocks/${input.flockId}/members/${input.userId}`, { method: "DELETE" });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (flock) => client.setQueryData(flockQuery(flock.id).queryKey, flock),
  });
}

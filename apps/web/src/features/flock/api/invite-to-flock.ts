import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FlockDetail } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockQuery } from "@/community";

/** POST /api/flocks/:id/invitations: invite a brother by username; he accepts or declines on his My Flock page. */
export function inviteToFlock(input: { flockId: string; username: string }) {
  return api<FlockDetail>(`/api/flocks/${input.flockId}/invitations`, { body: { username: input.username } });
}

export function useInviteToFlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteToFlock,
    onSuccess: (flock) => client.setQueryData(flockQuery(flock.id).queryKey, flock),
  });
}

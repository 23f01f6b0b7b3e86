import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FlockDetail } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockQuery } from "@/community";

/** POST /api/flocks/:id/invite-code (owner): a new invite link; the old one stops working. */
export function rotateInviteCode(flockId: string) {
  return api<{ invite_code: string }>(`/api/flocks/${flockId}/invite-code`, { body: {} });
}

export function useRotateInviteCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateInviteCode,
    onSuccess: ({ invite_code }, flockId) =>
      client.setQueryData<FlockDetail>(flockQuery(flockId).queryKey, (flock) => (flock ? { ...flock, invite_code } : flock)),
  });
}

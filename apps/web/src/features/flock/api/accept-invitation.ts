import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FlockDetail } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockSaved } from "@/community";

/** POST /api/flocks/:id/accept: the invited brother joins. */
export function acceptInvitation(flockId: string) {
  return api<FlockDetail>(`/api/flocks/${flockId}/accept`, { body: {} });
}

export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (flock) => flockSaved(client, flock),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FlockDetail } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockSaved } from "@/community";

/** POST /api/flock-invites/:code/accept: join through the link -> the flock. */
export function joinByInvite(code: string) {
  return api<FlockDetail>(`/api/flock-invites/${encodeURIComponent(code)}/accept`, { body: {} });
}

export function useJoinByInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: joinByInvite,
    onSuccess: (flock) => flockSaved(client, flock),
  });
}

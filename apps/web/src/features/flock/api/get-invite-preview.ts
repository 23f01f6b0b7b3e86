import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FlockInvitePreview } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockKeys } from "@/community";

/** GET /api/flock-invites/:code: the flock an invite link leads to. */
export const invitePreviewQuery = (code: string) =>
  queryOptions({
    queryKey: flockKeys.invitePreview(code),
    queryFn: ({ signal }) => api<FlockInvitePreview>(`/api/flock-invites/${encodeURIComponent(code)}`, { signal }),
  });

export function useInvitePreview(code: string) {
  return useQuery(invitePreviewQuery(code));
}

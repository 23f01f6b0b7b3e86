import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicProfile } from "@shepherd/shared/community";
import { api } from "@/lib/api";

/** GET /api/profiles/:id: what any signed-in brother may see of a profile. */
export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: ["profiles", userId],
    queryFn: ({ signal }) => api<PublicProfile>(`/api/profiles/${encodeURIComponent(userId)}`, { signal }),
  });

export function useProfile(userId: string) {
  return useQuery(profileQuery(userId));
}

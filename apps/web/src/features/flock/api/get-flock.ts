import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FlockDetail } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockKeys } from "./keys";

/** GET /api/flocks/:id: members only (anyone else gets 404). */
export const flockQuery = (flockId: string) =>
  queryOptions({
    queryKey: flockKeys.detail(flockId),
    queryFn: ({ signal }) => api<FlockDetail>(`/api/flocks/${flockId}`, { signal }),
    // Fresh on every visit: members join and leave from other browsers.
    staleTime: 0,
  });

export function useFlock(flockId: string) {
  return useQuery(flockQuery(flockId));
}

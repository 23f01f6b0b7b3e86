import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { FlockDetail } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockKeys } from "./flock-keys";

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

/** A change answered with the flock (started, joined, edited): cached as it is now, and My Flock's list reloads. */
export function flockSaved(client: QueryClient, flock: FlockDetail) {
  client.setQueryData(flockQuery(flock.id).queryKey, flock);
  return client.invalidateQueries({ queryKey: flockKeys.all, exact: true });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FlockInvitation, FlockSummary } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockKeys } from "./flock-keys";

/** GET /api/flocks: my flocks and the invitations waiting for me. */
export const flocksQuery = queryOptions({
  queryKey: flockKeys.all,
  queryFn: ({ signal }) => api<{ flocks: FlockSummary[]; invitations: FlockInvitation[] }>("/api/flocks", { signal }),
  // Fresh on every visit: invitations arrive from other brothers.
  staleTime: 0,
});

export function useFlocks() {
  return useQuery(flocksQuery);
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SeriesSession } from "@shepherd/shared/series";
import { api, hasStatus } from "@/lib/api";
import { seriesKeys } from "./keys";

/** GET /api/series/sessions/{id}: a session (its body when it is open to me) and its neighbours. */
export function sessionQuery(sessionId: string) {
  return queryOptions({
    queryKey: seriesKeys.session(sessionId),
    queryFn: ({ signal }) => api<SeriesSession>(`/api/series/sessions/${sessionId}`, { signal }),
    staleTime: 60_000,
    retry: (count, error) => count < 1 && !hasStatus(error, 404),
  });
}

export function useSession(sessionId: string) {
  return useQuery(sessionQuery(sessionId));
}

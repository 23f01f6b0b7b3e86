import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SeriesDetail } from "@shepherd/shared/series";
import { api, hasStatus } from "@/lib/api";
import { seriesKeys } from "./keys";

/** GET /api/series/{id}: a series with its sessions, which are open to me and which I marked done. */
export function seriesQuery(seriesId: string) {
  return queryOptions({
    queryKey: seriesKeys.detail(seriesId),
    queryFn: ({ signal }) => api<SeriesDetail>(`/api/series/${seriesId}`, { signal }),
    staleTime: 60_000,
    retry: (count, error) => count < 1 && !hasStatus(error, 404),
  });
}

export function useSeries(seriesId: string) {
  return useQuery(seriesQuery(seriesId));
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MySeries } from "@shepherd/shared/series";
import { api } from "@/lib/api";
import { seriesKeys } from "./keys";

/** GET /api/series/mine: the series I follow (with the next session) and the ones I made. */
export const mySeriesQuery = queryOptions({
  queryKey: seriesKeys.mine(),
  queryFn: ({ signal }) => api<MySeries>("/api/series/mine", { signal }),
  staleTime: 60_000,
});

export function useMySeries() {
  return useQuery(mySeriesQuery);
}

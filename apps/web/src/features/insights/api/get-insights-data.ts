import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { InsightRangeId, InsightsData } from "@shepherd/shared/insights";
import { api } from "@/lib/api";
import { insightKeys } from "./keys";

/** GET /api/insights/data?range=: his days of a range and his streak (fresh on every visit: Today changes them). */
export const insightsDataQuery = (range: InsightRangeId) =>
  queryOptions({
    queryKey: insightKeys.data(range),
    queryFn: () => api<InsightsData>(`/api/insights/data?range=${range}`),
    staleTime: 0,
  });

/** The range's data; while another range loads, the last one stays on screen. */
export function useInsightsData(range: InsightRangeId) {
  return useQuery({ ...insightsDataQuery(range), placeholderData: keepPreviousData });
}

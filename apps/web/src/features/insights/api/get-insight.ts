import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Insight } from "@shepherd/shared/insights";
import { api } from "@/lib/api";
import { insightKeys } from "./keys";

/** GET /api/insights/:id: one insight, its words and the snapshot of the days it was written from (they never change). */
export const insightQuery = (id: string) =>
  queryOptions({
    queryKey: insightKeys.one(id),
    queryFn: () => api<Insight>(`/api/insights/${id}`),
    staleTime: Infinity,
  });

export function useInsight(id: string) {
  return useQuery(insightQuery(id));
}

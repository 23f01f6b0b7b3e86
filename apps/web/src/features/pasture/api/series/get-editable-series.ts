import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EditableSeries } from "@shepherd/shared/series";
import { api, hasStatus } from "@/lib/api";
import { seriesKeys } from "./keys";

/** GET /api/series/{id}/edit: my own series, every field, for the editor. */
export function editableSeriesQuery(seriesId: string) {
  return queryOptions({
    queryKey: seriesKeys.editable(seriesId),
    queryFn: ({ signal }) => api<EditableSeries>(`/api/series/${seriesId}/edit`, { signal }),
    retry: (count, error) => count < 1 && !hasStatus(error, 404),
  });
}

export function useEditableSeries(seriesId: string, enabled: boolean) {
  return useQuery({ ...editableSeriesQuery(seriesId), enabled });
}

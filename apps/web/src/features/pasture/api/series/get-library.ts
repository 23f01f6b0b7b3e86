import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { FocusThemeId } from "@shepherd/shared/themes";
import type { SeriesList } from "@shepherd/shared/series";
import { api } from "@/lib/api";
import { seriesKeys } from "./keys";

export interface SeriesFilters {
  theme?: FocusThemeId;
  q?: string;
}

/** GET /api/series: the library, by theme and search words. */
export function seriesLibraryQuery(filters: SeriesFilters) {
  const params = new URLSearchParams();
  if (filters.theme) params.set("theme", filters.theme);
  if (filters.q) params.set("q", filters.q);
  const query = params.size ? `?${params}` : "";
  return queryOptions({
    queryKey: seriesKeys.library(filters),
    queryFn: ({ signal }) => api<SeriesList>(`/api/series${query}`, { signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useSeriesLibrary(filters: SeriesFilters) {
  return useQuery(seriesLibraryQuery(filters));
}

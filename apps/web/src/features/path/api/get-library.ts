import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FocusThemeId } from "@shepherd/shared/themes";
import type { PlanLengthId, PlanSummary } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathKeys } from "@/lib/path";

export interface LibraryFilters {
  theme?: FocusThemeId;
  length?: PlanLengthId;
}

/** GET /api/path/plans: the starter plans, recommended first for me. */
export function libraryQuery(filters: LibraryFilters) {
  const params = new URLSearchParams();
  if (filters.theme) params.set("theme", filters.theme);
  if (filters.length) params.set("length", filters.length);
  const query = params.size ? `?${params}` : "";
  return queryOptions({
    queryKey: pathKeys.library(filters),
    queryFn: ({ signal }) => api<PlanSummary[]>(`/api/path/plans${query}`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useLibrary(filters: LibraryFilters) {
  return useQuery(libraryQuery(filters));
}

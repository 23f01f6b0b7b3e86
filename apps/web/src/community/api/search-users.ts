import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { PersonRef } from "@shepherd/shared/community";
import { api } from "@/lib/api";

/** GET /api/users/search?q=: up to 8 people whose username starts with q (for @mention autocomplete). */
export const userSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ["users", "search", q],
    queryFn: ({ signal }) => api<PersonRef[]>(`/api/users/search?q=${encodeURIComponent(q)}`, { signal }),
    staleTime: 60_000,
  });

export function useUserSearch(q: string) {
  return useQuery({ ...userSearchQuery(q), enabled: q.length > 0, placeholderData: keepPreviousData, retry: false });
}

import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { Page, Reflection } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockKeys } from "./keys";

/** GET /api/flocks/:id/reflections: members only, newest first, a page at a time. */
export const reflectionsQuery = (flockId: string) =>
  infiniteQueryOptions({
    queryKey: flockKeys.reflections(flockId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set("before", pageParam);
      return api<Page<Reflection>>(`/api/flocks/${flockId}/reflections?${params}`, { signal });
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Fresh on every visit: a notification may have just led here to something new.
    staleTime: 0,
  });

export function useReflections(flockId: string) {
  return useInfiniteQuery(reflectionsQuery(flockId));
}

/** Changes one cached reflection in place (an edit, a comment count). */
export function patchReflection(
  client: QueryClient,
  reflection: Pick<Reflection, "id" | "flock_id">,
  change: (r: Reflection) => Reflection,
) {
  client.setQueryData<InfiniteData<Page<Reflection>>>(reflectionsQuery(reflection.flock_id).queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((r) => (r.id === reflection.id ? change(r) : r)),
          })),
        }
      : data,
  );
}

import { queryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { Page, Reflection } from "@shepherd/shared/community";
import { feedQuery, flockKeys, patchFeedItem } from "@/community";
import { api, hasStatus } from "@/lib/api";

/** GET /api/flocks/:id/reflections: members only, newest first, a page at a time. */
export const reflectionsQuery = (flockId: string) =>
  feedQuery<Reflection>(flockKeys.reflections(flockId), `/api/flocks/${flockId}/reflections`);

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
    patchFeedItem(data, reflection.id, change),
  );
  client.setQueryData<Reflection>(reflectionQuery(reflection.flock_id, reflection.id).queryKey, (r) => (r ? change(r) : r));
}

/** GET /api/reflections/:id: one reflection (members of its flock only), for the link a notification follows. */
export const reflectionQuery = (flockId: string, reflectionId: string) =>
  queryOptions({
    queryKey: flockKeys.reflection(flockId, reflectionId),
    queryFn: ({ signal }) => api<Reflection>(`/api/reflections/${encodeURIComponent(reflectionId)}`, { signal }),
    retry: (count, error) => !hasStatus(error, 404, 403, 400) && count < 2,
  });

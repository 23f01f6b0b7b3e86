import { useInfiniteQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { Page, Reflection } from "@shepherd/shared/community";
import { feedQuery, flockKeys, patchFeedItem } from "@/community";

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
}

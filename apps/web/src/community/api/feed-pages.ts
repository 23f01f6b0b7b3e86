import { infiniteQueryOptions, type InfiniteData, type QueryKey } from "@tanstack/react-query";
import type { Page } from "@shepherd/shared/community";
import { api } from "@/lib/api";

/**
 * A feed read newest first, a page at a time, each page carrying the cursor of the next (`before`): The Pasture's
 * posts, a flock's reflections.
 */
export function feedQuery<T>(queryKey: QueryKey, path: string, filter: Record<string, string | undefined> = {}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set("before", pageParam);
      for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
      return api<Page<T>>(`${path}?${params}`, { signal });
    },
    initialPageParam: "",
    getNextPageParam: (last: Page<T>) => last.next_cursor ?? undefined,
    // Fresh on every visit: a notification may have just led here to something new.
    staleTime: 0,
  });
}

/** The same pages with one item (by id) changed. */
export function patchFeedItem<T extends { id: string }>(
  data: InfiniteData<Page<T>> | undefined,
  id: string,
  change: (item: T) => T,
): InfiniteData<Page<T>> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === id ? change(item) : item)) })),
  };
}

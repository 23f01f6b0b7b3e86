import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { Page, Post, PostKind } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { pastureKeys } from "./keys";

/**
 * The Pasture's posts (GET /api/pasture/posts), newest first, a page at a time. The Pasture and a profile's posts
 * both read it, so it lives here rather than in one feature.
 */
export interface PostFilter {
  kind?: PostKind;
  author?: string;
}

export const postsQuery = (filter: PostFilter) =>
  infiniteQueryOptions({
    queryKey: pastureKeys.postList(filter),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set("before", pageParam);
      if (filter.author) params.set("author", filter.author);
      if (filter.kind) params.set("kind", filter.kind);
      return api<Page<Post>>(`/api/pasture/posts?${params}`, { signal });
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Fresh on every visit: a notification may have just led here to something new.
    staleTime: 0,
  });

export function usePosts(filter: PostFilter) {
  return useInfiniteQuery(postsQuery(filter));
}

/** Changes one post wherever it is cached (every filter), e.g. after a reaction or an edit. */
export function patchPost(client: QueryClient, postId: string, change: (post: Post) => Post) {
  client.setQueriesData<InfiniteData<Page<Post>>>({ queryKey: pastureKeys.posts() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((post) => (post.id === postId ? change(post) : post)),
          })),
        }
      : data,
  );
}

export function invalidatePosts(client: QueryClient) {
  return client.invalidateQueries({ queryKey: pastureKeys.posts() });
}

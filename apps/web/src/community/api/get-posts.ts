import { queryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { Page, Post, PostKind } from "@shepherd/shared/community";
import { api, hasStatus } from "@/lib/api";
import { feedQuery, patchFeedItem } from "./feed-pages";
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
  feedQuery<Post>(pastureKeys.postList(filter), "/api/pasture/posts", {
    author: filter.author,
    kind: filter.kind,
  });

export function usePosts(filter: PostFilter) {
  return useInfiniteQuery(postsQuery(filter));
}

/** Changes one post wherever it is cached (every filter), e.g. after a reaction or an edit. */
export function patchPost(client: QueryClient, postId: string, change: (post: Post) => Post) {
  client.setQueriesData<InfiniteData<Page<Post>>>({ queryKey: pastureKeys.posts() }, (data) =>
    patchFeedItem(data, postId, change),
  );
  client.setQueryData<Post>(pastureKeys.post(postId), (post) => (post ? change(post) : post));
}

export function invalidatePosts(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: pastureKeys.posts() }),
    client.invalidateQueries({ queryKey: pastureKeys.onePosts() }),
  ]);
}

/** GET /api/pasture/posts/:id: one post, for the link a notification follows. */
export const postQuery = (postId: string) =>
  queryOptions({
    queryKey: pastureKeys.post(postId),
    queryFn: ({ signal }) => api<Post>(`/api/pasture/posts/${encodeURIComponent(postId)}`, { signal }),
    retry: (count, error) => !hasStatus(error, 404, 400) && count < 2,
  });

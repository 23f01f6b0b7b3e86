import type { PostFilter } from "./get-posts";

/** The Pasture's caches. Comments are not under posts: patching every cached post page must not touch them. */
export const pastureKeys = {
  all: ["pasture"] as const,
  /** Every page of posts, whatever the filter. */
  posts: () => [...pastureKeys.all, "posts"] as const,
  postList: (filter: PostFilter) => [...pastureKeys.posts(), filter] as const,
  comments: (postId: string) => [...pastureKeys.all, "comments", postId] as const,
  /** One post on its own (a notification's link), outside the feed pages. */
  post: (postId: string) => [...pastureKeys.all, "post", postId] as const,
  onePosts: () => [...pastureKeys.all, "post"] as const,
};

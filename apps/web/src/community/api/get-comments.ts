import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Comment } from "@shepherd/shared/community";
import { api } from "@/lib/api";

/** GET /api/pasture/posts/:id/comments: oldest first. */
export const postCommentsQuery = (postId: string) =>
  queryOptions({
    queryKey: ["pasture", "comments", postId],
    queryFn: ({ signal }) => api<Comment[]>(`/api/pasture/posts/${postId}/comments`, { signal }),
  });

export function usePostComments(postId: string, enabled: boolean) {
  return useQuery({ ...postCommentsQuery(postId), enabled });
}

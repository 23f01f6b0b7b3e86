import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Comment } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { postCommentsQuery } from "./get-comments";
import { patchPost } from "./get-posts";

/** POST /api/pasture/posts/:id/comments. */
export function createComment(postId: string, body: string) {
  return api<Comment>(`/api/pasture/posts/${postId}/comments`, { body: { body } });
}

export function useCreateComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createComment(postId, body),
    onSuccess: async () => {
      patchPost(client, postId, (post) => ({ ...post, comment_count: post.comment_count + 1 }));
      await client.invalidateQueries({ queryKey: postCommentsQuery(postId).queryKey });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { postCommentsQuery } from "./get-comments";
import { patchPost } from "./get-posts";

/** DELETE /api/pasture/comments/:id (author only). */
export function deleteComment(id: string) {
  return api<{ deleted: true }>(`/api/pasture/comments/${id}`, { method: "DELETE" });
}

export function useDeleteComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: async () => {
      patchPost(client, postId, (post) => ({ ...post, comment_count: Math.max(0, post.comment_count - 1) }));
      await client.invalidateQueries({ queryKey: postCommentsQuery(postId).queryKey });
    },
  });
}

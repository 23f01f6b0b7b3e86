import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Comment } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { postCommentsQuery } from "./get-comments";

/** PATCH /api/pasture/comments/:id (author only). */
export function updateComment(input: { id: string; body: string }) {
  return api<Comment>(`/api/pasture/comments/${input.id}`, { method: "PATCH", body: { body: input.body } });
}

export function useUpdateComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    onSuccess: () => client.invalidateQueries({ queryKey: postCommentsQuery(postId).queryKey }),
  });
}

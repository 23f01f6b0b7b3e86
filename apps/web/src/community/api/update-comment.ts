import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Comment } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import type { CommentKind, CommentParent } from "./comment-kind";

/** PATCH one comment (author only). */
export function updateComment<P extends CommentParent>(kind: CommentKind<P>, input: { id: string; body: string }) {
  return api<Comment>(kind.itemPath(input.id), { method: "PATCH", body: { body: input.body } });
}

export function useUpdateComment<P extends CommentParent>(kind: CommentKind<P>, parent: P) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: string }) => updateComment(kind, input),
    onSuccess: () => client.invalidateQueries({ queryKey: kind.queryKey(parent.id) }),
  });
}

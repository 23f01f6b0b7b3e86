import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Comment } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import type { CommentKind, CommentParent } from "./comment-kind";

/** POST a comment under one parent. */
export function createComment<P extends CommentParent>(kind: CommentKind<P>, parentId: string, body: string) {
  return api<Comment>(kind.listPath(parentId), { body: { body } });
}

export function useCreateComment<P extends CommentParent>(kind: CommentKind<P>, parent: P) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createComment(kind, parent.id, body),
    onSuccess: async () => {
      kind.patchParent(client, parent, (item) => ({ ...item, comment_count: item.comment_count + 1 }));
      await client.invalidateQueries({ queryKey: kind.queryKey(parent.id) });
    },
  });
}

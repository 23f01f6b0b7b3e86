import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { CommentKind, CommentParent } from "./comment-kind";

/** DELETE one comment (author only). */
export function deleteComment<P extends CommentParent>(kind: CommentKind<P>, id: string) {
  return api<{ deleted: true }>(kind.itemPath(id), { method: "DELETE" });
}

export function useDeleteComment<P extends CommentParent>(kind: CommentKind<P>, parent: P) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteComment(kind, id),
    onSuccess: async () => {
      kind.patchParent(client, parent, (item) => ({ ...item, comment_count: Math.max(0, item.comment_count - 1) }));
      await client.invalidateQueries({ queryKey: kind.queryKey(parent.id) });
    },
  });
}

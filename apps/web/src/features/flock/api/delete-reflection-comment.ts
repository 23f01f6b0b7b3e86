import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Reflection } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { reflectionCommentsQuery } from "./get-reflection-comments";
import { patchReflection } from "./get-reflections";

/** DELETE /api/reflection-comments/:id (author only). */
export function deleteReflectionComment(id: string) {
  return api<{ deleted: true }>(`/api/reflection-comments/${id}`, { method: "DELETE" });
}

export function useDeleteReflectionComment(reflection: Pick<Reflection, "id" | "flock_id">) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteReflectionComment,
    onSuccess: async () => {
      patchReflection(client, reflection, (r) => ({ ...r, comment_count: Math.max(0, r.comment_count - 1) }));
      await client.invalidateQueries({ queryKey: reflectionCommentsQuery(reflection.id).queryKey });
    },
  });
}

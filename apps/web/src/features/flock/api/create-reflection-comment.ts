import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Comment, Reflection } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { reflectionCommentsQuery } from "./get-reflection-comments";
import { patchReflection } from "./get-reflections";

/** POST /api/reflections/:id/comments (members). */
export function createReflectionComment(reflectionId: string, body: string) {
  return api<Comment>(`/api/reflections/${reflectionId}/comments`, { body: { body } });
}

export function useCreateReflectionComment(reflection: Pick<Reflection, "id" | "flock_id">) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createReflectionComment(reflection.id, body),
    onSuccess: async () => {
      patchReflection(client, reflection, (r) => ({ ...r, comment_count: r.comment_count + 1 }));
      await client.invalidateQueries({ queryKey: reflectionCommentsQuery(reflection.id).queryKey });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Comment } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { reflectionCommentsQuery } from "./get-reflection-comments";

/** PATCH /api/reflection-comments/:id (author only). */
export function updateReflectionComment(input: { id: string; body: string }) {
  return api<Comment>(`/api/reflection-comments/${input.id}`, { method: "PATCH", body: { body: input.body } });
}

export function useUpdateReflectionComment(reflectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateReflectionComment,
    onSuccess: () => client.invalidateQueries({ queryKey: reflectionCommentsQuery(reflectionId).queryKey }),
  });
}

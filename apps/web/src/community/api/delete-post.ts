import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidatePosts } from "./get-posts";

/** DELETE /api/pasture/posts/:id (author only). */
export function deletePost(id: string) {
  return api<{ deleted: true }>(`/api/pasture/posts/${id}`, { method: "DELETE" });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deletePost, onSuccess: () => invalidatePosts(client) });
}

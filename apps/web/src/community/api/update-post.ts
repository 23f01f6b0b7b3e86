import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Post } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { patchPost } from "./get-posts";

export interface PostChanges {
  id: string;
  body: string;
  scripture_ref: string | null;
}

/** PATCH /api/pasture/posts/:id (author only). */
export function updatePost({ id, ...changes }: PostChanges) {
  return api<Post>(`/api/pasture/posts/${id}`, { method: "PATCH", body: changes });
}

export function useUpdatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: (post) => patchPost(client, post.id, () => post),
  });
}

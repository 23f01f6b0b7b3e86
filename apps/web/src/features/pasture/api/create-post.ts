import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Post, PostKind } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { trackAction } from "@/lib/track-activity";
import { invalidatePosts } from "@/community";

export interface NewPost {
  kind: PostKind;
  body: string;
  scripture_ref?: string | null;
  image_url?: string | null;
}

/** POST /api/pasture/posts -> the post (201). */
export function createPost(input: NewPost) {
  return api<Post>("/api/pasture/posts", { body: input });
}

export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => {
      trackAction("post_create");
      return invalidatePosts(client);
    },
  });
}

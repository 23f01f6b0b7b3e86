import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Post, ReactionKind } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { invalidatePosts, patchPost } from "./get-posts";

export interface ReactionChange {
  postId: string;
  kind: ReactionKind;
  /** true adds my reaction (PUT), false removes it (DELETE). */
  on: boolean;
}

/** PUT or DELETE /api/pasture/posts/:id/reactions/:kind -> the post with its new counts. */
export function setReaction({ postId, kind, on }: ReactionChange) {
  return api<Post>(`/api/pasture/posts/${postId}/reactions/${kind}`, { method: on ? "PUT" : "DELETE" });
}

/** One tap toggles a reaction; the count changes at once and the server's answer settles it. */
export function useReactToPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setReaction,
    onMutate: ({ postId, kind, on }) =>
      patchPost(client, postId, (post) => {
        if (post.my_reactions.includes(kind) === on) return post;
        return {
          ...post,
          my_reactions: on ? [...post.my_reactions, kind] : post.my_reactions.filter((k) => k !== kind),
          reactions: { ...post.reactions, [kind]: Math.max(0, post.reactions[kind] + (on ? 1 : -1)) },
        };
      }),
    onSuccess: (post) => patchPost(client, post.id, () => post),
    onError: () => invalidatePosts(client),
  });
}

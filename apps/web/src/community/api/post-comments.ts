import type { Post } from "@shepherd/shared/community";
import type { CommentKind } from "./comment-kind";
import { patchPost } from "./get-posts";
import { pastureKeys } from "./keys";

/** Comments under a post in The Pasture. */
export const postComments: CommentKind<Pick<Post, "id">> = {
  listPath: (postId) => `/api/pasture/posts/${postId}/comments`,
  itemPath: (commentId) => `/api/pasture/comments/${commentId}`,
  queryKey: pastureKeys.comments,
  reportTarget: "comment",
  patchParent: (client, post, change) => patchPost(client, post.id, change),
};

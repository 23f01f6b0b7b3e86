import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Comment } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import type { CommentKind, CommentParent } from "./comment-kind";

/** GET one parent's comments, oldest first. */
export const commentsQuery = <P extends CommentParent>(kind: CommentKind<P>, parentId: string) =>
  queryOptions({
    queryKey: kind.queryKey(parentId),
    queryFn: ({ signal }) => api<Comment[]>(kind.listPath(parentId), { signal }),
  });

export function useComments<P extends CommentParent>(kind: CommentKind<P>, parentId: string) {
  return useQuery(commentsQuery(kind, parentId));
}

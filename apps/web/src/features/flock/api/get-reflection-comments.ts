import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Comment } from "@shepherd/shared/community";
import { api } from "@/lib/api";

/** GET /api/reflections/:id/comments: members only, oldest first. */
export const reflectionCommentsQuery = (reflectionId: string) =>
  queryOptions({
    queryKey: ["reflections", reflectionId, "comments"],
    queryFn: ({ signal }) => api<Comment[]>(`/api/reflections/${reflectionId}/comments`, { signal }),
  });

export function useReflectionComments(reflectionId: string) {
  return useQuery(reflectionCommentsQuery(reflectionId));
}

import type { Reflection } from "@shepherd/shared/community";
import { flockKeys, type CommentKind } from "@/community";
import { patchReflection } from "./get-reflections";

/** Comments under a reflection in a flock (members only). */
export const reflectionComments: CommentKind<Pick<Reflection, "id" | "flock_id">> = {
  listPath: (reflectionId) => `/api/reflections/${reflectionId}/comments`,
  itemPath: (commentId) => `/api/reflection-comments/${commentId}`,
  queryKey: flockKeys.reflectionComments,
  reportTarget: "reflection_comment",
  patchParent: patchReflection,
};

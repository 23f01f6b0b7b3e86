import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Reflection } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { reflectionQuery, reflectionsQuery } from "./get-reflections";

/** DELETE /api/reflections/:id (author only). */
export function deleteReflection(reflection: Pick<Reflection, "id" | "flock_id">) {
  return api<{ deleted: true }>(`/api/reflections/${reflection.id}`, { method: "DELETE" });
}

export function useDeleteReflection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteReflection,
    onSuccess: (_result, reflection) =>
      Promise.all([
        client.invalidateQueries({ queryKey: reflectionsQuery(reflection.flock_id).queryKey }),
        client.invalidateQueries({ queryKey: reflectionQuery(reflection.flock_id, reflection.id).queryKey }),
      ]),
  });
}

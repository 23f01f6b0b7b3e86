import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Reflection } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockKeys } from "@/community";
import { reflectionsQuery } from "./get-reflections";

export interface NewReflection {
  flockId: string;
  body: string;
  prompt?: string;
  devotional_id?: string;
}

/** POST /api/flocks/:id/reflections (201): shared only with the flock. */
export function createReflection({ flockId, ...input }: NewReflection) {
  return api<Reflection>(`/api/flocks/${flockId}/reflections`, { body: input });
}

export function useCreateReflection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReflection,
    onSuccess: (reflection) =>
      Promise.all([
        client.invalidateQueries({ queryKey: reflectionsQuery(reflection.flock_id).queryKey }),
        client.invalidateQueries({ queryKey: flockKeys.all, exact: true }),
      ]),
  });
}

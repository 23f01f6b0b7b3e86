import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Reflection } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { patchReflection } from "./get-reflections";

/** PATCH /api/reflections/:id (author only). */
export function updateReflection(input: { id: string; body: string }) {
  return api<Reflection>(`/api/reflections/${input.id}`, { method: "PATCH", body: { body: input.body } });
}

export function useUpdateReflection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateReflection,
    onSuccess: (reflection) => patchReflection(client, reflection, () => reflection),
  });
}

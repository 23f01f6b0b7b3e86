import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FlockDetail } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockSaved } from "@/community";

/** PATCH /api/flocks/:id (owner): a new name or description. */
export function updateFlock(input: { flockId: string; name?: string; description?: string }) {
  const { flockId, ...changes } = input;
  return api<FlockDetail>(`/api/flocks/${flockId}`, { method: "PATCH", body: changes });
}

export function useUpdateFlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateFlock,
    onSuccess: (flock) => flockSaved(client, flock),
  });
}

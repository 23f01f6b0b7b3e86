import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FlockDetail } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockSaved } from "@/community";

/** POST /api/flocks -> the new flock, with me as its owner. */
export function createFlock(input: { name: string; description?: string }) {
  return api<FlockDetail>("/api/flocks", { body: input });
}

export function useCreateFlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createFlock,
    onSuccess: (flock) => flockSaved(client, flock),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FlockDetail } from "@shepherd/shared/community";
import { api } from "@/lib/api";
import { flockKeys } from "./keys";
import { flockQuery } from "./get-flock";

/** POST /api/flocks -> the new flock, with me as its owner. */
export function createFlock(input: { name: string; description?: string }) {
  return api<FlockDetail>("/api/flocks", { body: input });
}

export function useCreateFlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createFlock,
    onSuccess: (flock) => {
      client.setQueryData(flockQuery(flock.id).queryKey, flock);
      return client.invalidateQueries({ queryKey: flockKeys.all, exact: true });
    },
  });
}

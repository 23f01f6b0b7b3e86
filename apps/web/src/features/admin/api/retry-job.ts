import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { adminKeys } from "./keys";

/** POST /api/admin/health/jobs/:id/retry: puts a failed job back in its queue. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ retried: true }>(`/api/admin/health/jobs/${id}/retry`, { method: "POST", body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.health }),
  });
}

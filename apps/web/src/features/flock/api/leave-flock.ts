import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { flockKeys } from "@/community";

/** POST /api/flocks/:id/leave: the longest-standing member becomes owner if I owned it; the last one out ends it. */
export function leaveFlock(flockId: string) {
  return api<{ flock_ended: boolean }>(`/api/flocks/${flockId}/leave`, { body: {} });
}

export function useLeaveFlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: leaveFlock,
    onSuccess: (_result, flockId) => {
      client.removeQueries({ queryKey: flockKeys.detail(flockId) });
      return client.invalidateQueries({ queryKey: flockKeys.all, exact: true });
    },
  });
}

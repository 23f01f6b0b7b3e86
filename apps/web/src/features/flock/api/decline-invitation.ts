import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { flockKeys } from "@/community";

/** POST /api/flocks/:id/decline: the invited brother says no, thanks. */
export function declineInvitation(flockId: string) {
  return api<{ declined: true }>(`/api/flocks/${flockId}/decline`, { body: {} });
}

export function useDeclineInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: () => client.invalidateQueries({ queryKey: flockKeys.all, exact: true }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SupportRequest } from "@shepherd/shared/support";
import { api } from "@/lib/api";
import { supportRequestsQuery } from "./get-support-requests";

/** POST /api/support/requests/:id/messages: I write back in my request's thread (it is open again). */
export function addSupportMessage(input: { requestId: string; body: string }) {
  return api<SupportRequest>(`/api/support/requests/${input.requestId}/messages`, { body: { body: input.body } });
}

export function useAddSupportMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addSupportMessage,
    onSuccess: () => client.invalidateQueries({ queryKey: supportRequestsQuery.queryKey }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SupportRequest, SupportRequestInput } from "@shepherd/shared/support";
import { api } from "@/lib/api";
import { supportRequestsQuery } from "./get-support-requests";

/** POST /api/support/requests: "Contact support" (a subject and a message) -> the new request (201). */
export function createSupportRequest(input: SupportRequestInput) {
  return api<SupportRequest>("/api/support/requests", { body: input });
}

export function useCreateSupportRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSupportRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: supportRequestsQuery.queryKey }),
  });
}

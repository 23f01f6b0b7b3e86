import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SeriesCompletionResult } from "@shepherd/shared/series";
import { api } from "@/lib/api";
import { seriesChanged } from "./keys";

/** PUT /api/series/sessions/{id}/completion (done; follows the series) or DELETE (not done). */
export function setSessionDone(input: { sessionId: string; done: boolean }) {
  return api<SeriesCompletionResult>(`/api/series/sessions/${input.sessionId}/completion`, {
    method: input.done ? "PUT" : "DELETE",
  });
}

export function useSetSessionDone() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setSessionDone, onSuccess: () => seriesChanged(client) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Whisper } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { todayQuery } from "./get-today";

/** POST /api/whispers/:id/read: the whisper on Today is put away. */
export function dismissWhisper(whisperId: string) {
  return api<Whisper>(`/api/whispers/${whisperId}/read`, { body: {} });
}

export function useDismissWhisper() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: dismissWhisper,
    onSuccess: () => client.invalidateQueries({ queryKey: todayQuery.queryKey }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Progress } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { patchTodayScreen } from "@/lib/devotional";

/** POST /api/progress/prayed: "I prayed this". */
export function markPrayed(devotionalId: string) {
  return api<Progress>("/api/progress/prayed", { body: { devotional_id: devotionalId } });
}

export function useMarkPrayed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markPrayed,
    onSuccess: (progress) => patchTodayScreen(client, (state) => ({ ...state, progress })),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Progress } from "@shepherd/shared/api";
import { OFFLINE_MUTATION, writeOrKeep } from "@/lib/offline/sync";
import { trackAction } from "@/lib/track-activity";
import { patchTodayScreen, todayDevotionalQuery } from "@/lib/devotional";
import { streakChanged } from "./get-streak-days";

/**
 * POST /api/progress/complete -> my progress and the streak it makes; null when it was kept on the device to sync
 * (issue 18: it counts for the devotional's own day whenever it is sent).
 */
export function completeDevotional(devotionalId: string): Promise<{ progress: Progress; streak: number } | null> {
  return writeOrKeep<{ progress: Progress; streak: number }>({
    method: "POST",
    path: "/api/progress/complete",
    body: { devotional_id: devotionalId },
    label: "Mark Complete",
  });
}

export function useCompleteDevotional() {
  const client = useQueryClient();
  return useMutation({
    ...OFFLINE_MUTATION,
    mutationFn: completeDevotional,
    onSuccess: (result) => {
      trackAction("devotional_complete");
      // Kept on the device: Today shows it done from the queue (lib/offline/pending.ts) until it syncs.
      if (!result) return;
      patchTodayScreen(client, (state) => ({ ...state, progress: result.progress, streak: result.streak }));
      return Promise.all([client.invalidateQueries({ queryKey: todayDevotionalQuery.queryKey }), streakChanged(client)]);
    },
  });
}

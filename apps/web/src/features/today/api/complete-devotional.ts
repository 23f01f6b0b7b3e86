import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Progress } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { trackAction } from "@/lib/track-activity";
import { patchTodayScreen, todayDevotionalQuery } from "@/lib/devotional";
import { streakChanged } from "./get-streak-days";

/** POST /api/progress/complete -> my progress and the streak it makes. */
export function completeDevotional(devotionalId: string) {
  return api<{ progress: Progress; streak: number }>("/api/progress/complete", { body: { devotional_id: devotionalId } });
}

export function useCompleteDevotional() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: completeDevotional,
    onSuccess: (result) => {
      trackAction("devotional_complete");
      patchTodayScreen(client, (state) => ({ ...state, progress: result.progress, streak: result.streak }));
      return Promise.all([client.invalidateQueries({ queryKey: todayDevotionalQuery.queryKey }), streakChanged(client)]);
    },
  });
}

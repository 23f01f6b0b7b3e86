import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Checkin, Whisper } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { trackAction } from "@/lib/track-activity";
import { patchTodayScreen } from "@/lib/devotional";
import { streakChanged } from "./get-streak-days";
import { todayQuery } from "./get-today";

export interface CheckinChange {
  mood: string;
  focus_areas: string[];
  notes?: string;
  spiritual_connection?: number;
}

/** PUT /api/checkins/today. */
export function saveCheckin(change: CheckinChange) {
  return api<{ checkin: Checkin; whisper: Whisper | null; care: boolean }>("/api/checkins/today", {
    method: "PUT",
    body: change,
  });
}

export function useSaveCheckin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCheckin,
    onSuccess: async (result) => {
      trackAction("check_in");
      patchTodayScreen(client, (state) => ({ ...state, checkin: result.checkin, whisper: result.whisper ?? state.whisper }));
      await Promise.all([client.invalidateQueries({ queryKey: todayQuery.queryKey }), streakChanged(client)]);
    },
  });
}

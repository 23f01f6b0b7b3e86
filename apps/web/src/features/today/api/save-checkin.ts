import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Checkin, TodayState, Whisper } from "@shepherd/shared/api";
import { localDate } from "@shepherd/shared/today";
import { OFFLINE_MUTATION, writeOrQueue } from "@/lib/offline/sync";
import { localTimeZone } from "@/lib/time-zone";
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

export type SavedCheckin = { queued: false; checkin: Checkin; whisper: Whisper | null; care: boolean } | { queued: true };

/**
 * PUT /api/checkins/today. Offline it is kept on the device with `made_on`, his date now in his time zone, so it
 * counts for today however late it is sent (issue 18).
 */
export async function saveCheckin(change: CheckinChange, timeZone: string): Promise<SavedCheckin> {
  const result = await writeOrQueue<{ checkin: Checkin; whisper: Whisper | null; care: boolean }>({
    method: "PUT",
    path: "/api/checkins/today",
    body: change,
    queuedBody: { ...change, made_on: localDate(new Date(), timeZone) },
    label: "Check-in",
  });
  return result.queued ? { queued: true } : { queued: false, ...result.body };
}

export function useSaveCheckin() {
  const client = useQueryClient();
  return useMutation({
    ...OFFLINE_MUTATION,
    mutationFn: (change: CheckinChange) => {
      // His time zone is the profile's, as the server reads it; the device's when Today has not loaded.
      const zone = client.getQueryData<TodayState>(todayQuery.queryKey)?.time_zone ?? localTimeZone();
      return saveCheckin(change, zone);
    },
    onSuccess: async (result) => {
      trackAction("check_in");
      // Kept on the device: Today shows it from the queue (lib/offline/pending.ts) until it syncs.
      if (result.queued) return;
      patchTodayScreen(client, (state) => ({ ...state, checkin: result.checkin, whisper: result.whisper ?? state.whisper }));
      await Promise.all([client.invalidateQueries({ queryKey: todayQuery.queryKey }), streakChanged(client)]);
    },
  });
}

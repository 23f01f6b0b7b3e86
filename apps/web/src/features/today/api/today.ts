import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Checkin, Devotional, JournalEntry, Progress, TodayState, Whisper } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { usageQuery } from "@/lib/subscription";

/** Everything the Today screen shows (GET /api/today). */
export const todayQuery = queryOptions({
  queryKey: ["today"],
  queryFn: () => api<TodayState>("/api/today"),
  staleTime: 60_000,
  retry: 1,
});

export function useToday() {
  return useQuery(todayQuery);
}

export function useCompleteDevotional() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (devotionalId: string) =>
      api<{ progress: Progress; streak: number }>("/api/progress/complete", { body: { devotional_id: devotionalId } }),
    onSuccess: (result) =>
      client.setQueryData(todayQuery.queryKey, (old) =>
        old ? { ...old, progress: result.progress, streak: result.streak } : old,
      ),
  });
}

export function saveConnection(devotionalId: string, value: number) {
  return api<{ progress: Progress; whisper: Whisper | null }>("/api/progress/connection", {
    method: "PUT",
    body: { devotional_id: devotionalId, value },
  });
}

export function useMarkPrayed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (devotionalId: string) => api<Progress>("/api/progress/prayed", { body: { devotional_id: devotionalId } }),
    onSuccess: (progress) => client.setQueryData(todayQuery.queryKey, (old) => (old ? { ...old, progress } : old)),
  });
}

export interface CheckinChange {
  mood: string;
  focus_areas: string[];
  notes?: string;
  spiritual_connection?: number;
}

export function useSaveCheckin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CheckinChange) =>
      api<{ checkin: Checkin; whisper: Whisper | null; care: boolean }>("/api/checkins/today", { method: "PUT", body: change }),
    onSuccess: async (result) => {
      client.setQueryData(todayQuery.queryKey, (old) =>
        old ? { ...old, checkin: result.checkin, whisper: result.whisper ?? old.whisper } : old,
      );
      await client.invalidateQueries({ queryKey: todayQuery.queryKey });
    },
  });
}

export function useSaveJournal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; devotional_id?: string }) =>
      api<{ entry: JournalEntry; whisper: Whisper | null; care: boolean }>("/api/journal", { body: input }),
    onSuccess: async (result) => {
      client.setQueryData(todayQuery.queryKey, (old) =>
        old
          ? {
              ...old,
              journal_saved_today: old.journal_saved_today || Boolean(result.entry.devotional_id),
              whisper: result.whisper ?? old.whisper,
            }
          : old,
      );
      await Promise.all([
        client.invalidateQueries({ queryKey: ["journal"] }),
        client.invalidateQueries({ queryKey: usageQuery.queryKey }),
      ]);
    },
  });
}

export function useDismissWhisper() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (whisperId: string) => api<Whisper>(`/api/whispers/${whisperId}/read`, { body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: todayQuery.queryKey }),
  });
}

export function generateAudio(input: { text: string; cacheKey: string }) {
  return api<{ audioUrl?: string }>("/api/functions/generate-text-audio", {
    body: { text: input.text, voice: "onyx", cacheKey: input.cacheKey },
  });
}

export type { Devotional };

/** "Today" is the person's own day: tell the server the browser's time zone when it differs. */
export function useSyncTimeZone(serverZone: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!serverZone || !zone || zone === serverZone) return;
    api("/api/profile/time-zone", { method: "PUT", body: { time_zone: zone } })
      .then(() => client.invalidateQueries({ queryKey: todayQuery.queryKey }))
      .catch((error: unknown) => console.error("could not save the time zone", error));
  }, [serverZone, client]);
}

/** refresh-devotional: a different devotional for today (counted against the monthly devotional cap). */
export function useRefreshDevotional() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<Devotional>("/api/functions/refresh-devotional", { body: {} }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: todayQuery.queryKey }),
        client.invalidateQueries({ queryKey: usageQuery.queryKey }),
      ]),
  });
}

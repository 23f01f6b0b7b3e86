import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** POST /api/path/plans/{id}/days/{n}/audio: the day read aloud (made once, counted against the audio cap). */
export function generateDayAudio(input: { planId: string; day: number; translation?: string }) {
  return api<{ audioUrl: string }>(`/api/path/plans/${input.planId}/days/${input.day}/audio`, {
    body: input.translation ? { translation: input.translation } : {},
  });
}

export function useDayAudio() {
  return useMutation({ mutationFn: generateDayAudio });
}

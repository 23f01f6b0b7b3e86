import type { Progress, Whisper } from "@shepherd/shared/api";
import { api } from "@/lib/api";

/** PUT /api/progress/connection: the slider's value (a drop below 30 may bring a whisper). */
export function saveConnection(devotionalId: string, value: number) {
  return api<{ progress: Progress; whisper: Whisper | null }>("/api/progress/connection", {
    method: "PUT",
    body: { devotional_id: devotionalId, value },
  });
}

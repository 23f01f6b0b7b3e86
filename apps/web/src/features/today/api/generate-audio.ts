import { api } from "@/lib/api";

/** POST /api/functions/generate-text-audio: the devotional read aloud (made once, counted against the audio cap). */
export function generateAudio(input: { text: string; cacheKey: string }) {
  return api<{ audioUrl?: string }>("/api/functions/generate-text-audio", {
    body: { text: input.text, voice: "onyx", cacheKey: input.cacheKey },
  });
}

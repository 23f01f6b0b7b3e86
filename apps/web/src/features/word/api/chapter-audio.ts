import { useMutation } from "@tanstack/react-query";
import type { TranslationId } from "@shepherd/shared/word";
import { api } from "@/lib/api";

/** POST /api/word/audio: the chapter read aloud (made once, counted against the audio cap). */
export function generateChapterAudio(input: { translation: TranslationId; book: string; chapter: number }) {
  return api<{ audioUrl: string }>("/api/word/audio", { body: input });
}

export function useChapterAudio() {
  return useMutation({ mutationFn: generateChapterAudio });
}

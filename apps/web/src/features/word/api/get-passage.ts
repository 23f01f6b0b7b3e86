import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Passage, TranslationId } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { wordKeys } from "./keys";

/** GET /api/word/passage?ref=: any reference text resolved to a chapter and its verses (400 with the reason if not). */
export const passageQuery = (ref: string, translation: TranslationId) =>
  queryOptions({
    queryKey: wordKeys.passage(translation, ref),
    queryFn: ({ signal }) =>
      api<Passage>(`/api/word/passage?ref=${encodeURIComponent(ref)}&translation=${translation}`, { signal }),
    staleTime: Infinity,
    retry: false,
  });

export function usePassage(ref: string | null, translation: TranslationId) {
  return useQuery({ ...passageQuery(ref ?? "", translation), enabled: Boolean(ref) });
}

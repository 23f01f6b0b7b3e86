import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TranslationId, VerseOfTheDay } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { wordKeys } from "./keys";

/** GET /api/word/verse-of-the-day?date=: the same verse for everyone on a calendar date. */
export const verseOfTheDayQuery = (date: string, translation: TranslationId) =>
  queryOptions({
    queryKey: wordKeys.verseOfTheDay(translation, date),
    queryFn: ({ signal }) => api<VerseOfTheDay>(`/api/word/verse-of-the-day?date=${date}&translation=${translation}`, { signal }),
    staleTime: Infinity,
  });

export function useVerseOfTheDay(date: string, translation: TranslationId) {
  return useQuery(verseOfTheDayQuery(date, translation));
}

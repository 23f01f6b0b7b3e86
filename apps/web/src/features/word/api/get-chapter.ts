import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Chapter, TranslationId } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { wordKeys } from "./keys";

/** GET /api/word/chapters/:translation/:book/:chapter: the chapter's layout. The text never changes. */
export const chapterQuery = (translation: TranslationId, book: string, chapter: number) =>
  queryOptions({
    queryKey: wordKeys.chapter(translation, book, chapter),
    queryFn: ({ signal }) => api<Chapter>(`/api/word/chapters/${translation}/${book}/${chapter}`, { signal }),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });

export function useChapter(translation: TranslationId, book: string, chapter: number) {
  return useQuery(chapterQuery(translation, book, chapter));
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChapterAnnotations } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { wordKeys } from "./keys";

/** GET /api/word/annotations?book=&chapter=: my highlights, bookmarks and notes in one chapter. */
export const chapterAnnotationsQuery = (book: string, chapter: number) =>
  queryOptions({
    queryKey: wordKeys.chapterAnnotations(book, chapter),
    queryFn: ({ signal }) => api<ChapterAnnotations>(`/api/word/annotations?book=${book}&chapter=${chapter}`, { signal }),
  });

export function useChapterAnnotations(book: string, chapter: number) {
  return useQuery(chapterAnnotationsQuery(book, chapter));
}

import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { SEARCH_PAGE_SIZE, type SearchResult, type TranslationId } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { wordKeys } from "./keys";

export type Testament = "all" | "ot" | "nt";

export const searchQuery = (q: string, translation: TranslationId, testament: Testament) =>
  infiniteQueryOptions({
    queryKey: wordKeys.search(translation, testament, q),
    queryFn: ({ pageParam, signal }) =>
      api<SearchResult>(
        `/api/word/search?q=${encodeURIComponent(q)}&translation=${translation}&testament=${testament}&offset=${pageParam}`,
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + SEARCH_PAGE_SIZE < last.total ? last.offset + SEARCH_PAGE_SIZE : undefined),
    staleTime: Infinity,
    retry: false,
  });

export function useBibleSearch(q: string, translation: TranslationId, testament: Testament) {
  return useInfiniteQuery({ ...searchQuery(q, translation, testament), enabled: q.trim().length >= 2 });
}

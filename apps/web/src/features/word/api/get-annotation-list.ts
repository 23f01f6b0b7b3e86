import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AnnotationItem, TranslationId } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { wordKeys } from "./keys";

export type AnnotationKind = "all" | "highlights" | "bookmarks" | "notes";

/** GET /api/word/annotations/all: "My highlights and notes", newest first, with each passage's text. */
export const annotationListQuery = (kind: AnnotationKind, translation: TranslationId) =>
  queryOptions({
    queryKey: wordKeys.annotationList(kind, translation),
    queryFn: ({ signal }) =>
      api<{ items: AnnotationItem[] }>(`/api/word/annotations/all?kind=${kind}&translation=${translation}`, { signal }),
  });

export function useAnnotationList(kind: AnnotationKind, translation: TranslationId) {
  return useQuery(annotationListQuery(kind, translation));
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChapterAnnotations, HighlightColor } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { wordKeys } from "./keys";
import { chapterAnnotationsQuery } from "./get-chapter-annotations";

export interface VerseSelection {
  book: string;
  chapter: number;
  verses: number[];
}

export type AnnotationChange =
  { kind: "highlight"; color: HighlightColor } | { kind: "unhighlight" } | { kind: "bookmark" } | { kind: "unbookmark" };

/** PUT or DELETE /api/word/highlights and /api/word/bookmarks; each answers the chapter's annotations. */
export function changeAnnotations(selection: VerseSelection, change: AnnotationChange) {
  switch (change.kind) {
    case "highlight":
      return api<ChapterAnnotations>("/api/word/highlights", { method: "PUT", body: { ...selection, color: change.color } });
    case "unhighlight":
      return api<ChapterAnnotations>("/api/word/highlights", { method: "DELETE", body: selection });
    case "bookmark":
      return api<ChapterAnnotations>("/api/word/bookmarks", { method: "PUT", body: selection });
    case "unbookmark":
      return api<ChapterAnnotations>("/api/word/bookmarks", { method: "DELETE", body: selection });
  }
}

export function useChangeAnnotations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { selection: VerseSelection; change: AnnotationChange }) =>
      changeAnnotations(input.selection, input.change),
    onSuccess: (annotations, { selection }) => {
      client.setQueryData(chapterAnnotationsQuery(selection.book, selection.chapter).queryKey, annotations);
      return client.invalidateQueries({ queryKey: wordKeys.annotationLists() });
    },
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChapterAnnotations, HighlightColor } from "@shepherd/shared/word";
import { OFFLINE_MUTATION, writeOrKeep } from "@/lib/offline/sync";
import { wordKeys } from "./keys";
import { chapterAnnotationsQuery } from "./get-chapter-annotations";

export interface VerseSelection {
  book: string;
  chapter: number;
  verses: number[];
}

export type AnnotationChange =
  { kind: "highlight"; color: HighlightColor } | { kind: "unhighlight" } | { kind: "bookmark" } | { kind: "unbookmark" };

/**
 * PUT or DELETE /api/word/highlights and /api/word/bookmarks; each answers the chapter's annotations. Offline the
 * change is kept on the device and `null` is answered (issue 18): the reader lays it over the chapter until it syncs.
 */
export async function changeAnnotations(selection: VerseSelection, change: AnnotationChange): Promise<ChapterAnnotations | null> {
  const write = (() => {
    switch (change.kind) {
      case "highlight":
        return {
          method: "PUT",
          path: "/api/word/highlights",
          body: { ...selection, color: change.color },
          label: "Highlight",
        } as const;
      case "unhighlight":
        return { method: "DELETE", path: "/api/word/highlights", body: selection, label: "Highlight removed" } as const;
      case "bookmark":
        return { method: "PUT", path: "/api/word/bookmarks", body: selection, label: "Bookmark" } as const;
      case "unbookmark":
        return { method: "DELETE", path: "/api/word/bookmarks", body: selection, label: "Bookmark removed" } as const;
    }
  })();
  return writeOrKeep<ChapterAnnotations>(write);
}

export function useChangeAnnotations() {
  const client = useQueryClient();
  return useMutation({
    ...OFFLINE_MUTATION,
    mutationFn: (input: { selection: VerseSelection; change: AnnotationChange }) =>
      changeAnnotations(input.selection, input.change),
    onSuccess: (annotations, { selection }) => {
      if (!annotations) return;
      client.setQueryData(chapterAnnotationsQuery(selection.book, selection.chapter).queryKey, annotations);
      return client.invalidateQueries({ queryKey: wordKeys.annotationLists() });
    },
  });
}

import type { TranslationId } from "@shepherd/shared/word";
import type { AnnotationKind } from "./get-annotation-list";
import type { Testament } from "./search-bible";

/** The Word's caches. */
export const wordKeys = {
  all: ["word"] as const,
  chapter: (translation: TranslationId, book: string, chapter: number) =>
    [...wordKeys.all, "chapter", translation, book, chapter] as const,
  passage: (translation: TranslationId, ref: string) => [...wordKeys.all, "passage", translation, ref] as const,
  verseOfTheDay: (translation: TranslationId, date: string) => [...wordKeys.all, "verse-of-the-day", translation, date] as const,
  search: (translation: TranslationId, testament: Testament, q: string) =>
    [...wordKeys.all, "search", translation, testament, q] as const,
  settings: () => [...wordKeys.all, "settings"] as const,
  /** Every cache of my highlights, bookmarks and notes: what a new or changed note invalidates. */
  annotations: () => [...wordKeys.all, "annotations"] as const,
  chapterAnnotations: (book: string, chapter: number) => [...wordKeys.annotations(), "chapter", book, chapter] as const,
  /** "My highlights and notes", every filter. */
  annotationLists: () => [...wordKeys.annotations(), "list"] as const,
  annotationList: (kind: AnnotationKind, translation: TranslationId) =>
    [...wordKeys.annotationLists(), kind, translation] as const,
};

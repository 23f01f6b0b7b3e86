import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { adjacentChapter, chapterPath, chapterTitle, type BibleBook } from "@shepherd/shared/word";

const LINK_CLASS =
  "inline-flex h-11 items-center gap-1 rounded-lg px-3 text-sm font-medium text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800";

/** The previous and the next chapter, across books, under the text. */
export function ChapterNav({ book, chapter }: { book: BibleBook; chapter: number }) {
  const previous = adjacentChapter(book, chapter, -1);
  const next = adjacentChapter(book, chapter, 1);
  return (
    <nav
      aria-label="Chapters"
      className="flex items-center justify-between gap-2 border-t border-stone-200 pt-4 dark:border-stone-800"
    >
      {previous ? (
        <Link to={chapterPath(previous.book, previous.chapter)} className={LINK_CLASS}>
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          {chapterTitle(previous.book, previous.chapter)}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={chapterPath(next.book, next.chapter)} className={LINK_CLASS}>
          {chapterTitle(next.book, next.chapter)}
          <ChevronRight aria-hidden="true" className="h-5 w-5" />
        </Link>
      ) : null}
    </nav>
  );
}

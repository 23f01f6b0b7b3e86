import { useState } from "react";
import { Link } from "react-router";
import { BIBLE_BOOKS, chapterPath, type BibleBook } from "@shepherd/shared/word";
import { Tabs } from "@/components/ui/tabs";
import { cn } from "@/lib/cn";

const tile =
  "flex items-center justify-center rounded-lg border border-stone-200 bg-white text-sm font-medium text-stone-800 hover:border-pasture-600 hover:bg-pasture-50 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800";

/** The books of one testament as a grid of large targets: the fastest way to a book on a phone. */
export function BookGrid(props: { current?: string | null }) {
  const [testament, setTestament] = useState<"ot" | "nt">(() =>
    props.current && BIBLE_BOOKS.find((b) => b.osis === props.current)?.testament === "nt" ? "nt" : "ot",
  );
  const books = BIBLE_BOOKS.filter((b) => b.testament === testament);
  return (
    <section aria-labelledby="books-heading" className="space-y-3">
      <h2 id="books-heading" className="font-serif text-xl font-semibold text-pasture-900 dark:text-stone-50">
        Books
      </h2>
      <Tabs
        label="Testament"
        idBase="testament"
        value={testament}
        onChange={setTestament}
        tabs={[
          { value: "ot", label: "Old Testament" },
          { value: "nt", label: "New Testament" },
        ]}
      />
      <div role="tabpanel" id={`testament-panel-${testament}`} aria-labelledby={`testament-tab-${testament}`}>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {books.map((book) => (
            <li key={book.osis}>
              <Link
                to={book.chapters === 1 ? chapterPath(book, 1) : `/word/${book.slug}`}
                className={cn(tile, "h-11 px-2", props.current === book.osis && "border-pasture-600 ring-1 ring-pasture-600")}
              >
                {book.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A book's chapters as numbered squares. */
export function ChapterGrid(props: { book: BibleBook; current?: number | null }) {
  return (
    <ul className="grid grid-cols-5 gap-2 sm:grid-cols-8" aria-label={`Chapters of ${props.book.name}`}>
      {Array.from({ length: props.book.chapters }, (_, i) => i + 1).map((chapter) => (
        <li key={chapter}>
          <Link
            to={chapterPath(props.book, chapter)}
            aria-label={`${props.book.osis === "Ps" ? "Psalm" : props.book.name} ${chapter}`}
            className={cn(
              tile,
              "aspect-square text-base",
              props.current === chapter && "border-pasture-600 ring-1 ring-pasture-600",
            )}
          >
            {chapter}
          </Link>
        </li>
      ))}
    </ul>
  );
}

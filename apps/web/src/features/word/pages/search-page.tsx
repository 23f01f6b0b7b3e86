import { Link, useSearchParams } from "react-router";
import { ArrowRight } from "lucide-react";
import { bookByOsis, chapterPath, translationById } from "@shepherd/shared/word";
import { Button } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page";
import { LoadError, QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { useReaderSettings } from "../api/get-reader-settings";
import { useBibleSearch, type Testament } from "../api/search-bible";
import { FilterChips } from "@/components/ui/filter-chips";
import { SearchForm } from "../components/search-form";

const TESTAMENTS: Array<{ value: Testament; label: string }> = [
  { value: "all", label: "Whole Bible" },
  { value: "ot", label: "Old Testament" },
  { value: "nt", label: "New Testament" },
];

/** `/word/search?q=`: ranked verses with the matched words marked. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  const testamentParam = params.get("in");
  const testament: Testament = testamentParam === "ot" || testamentParam === "nt" ? testamentParam : "all";
  const settings = useReaderSettings();
  const translation = settings.data?.translation ?? "web";
  const search = useBibleSearch(settings.isPending ? "" : q, translation, testament);
  const pages = search.data?.pages ?? [];
  const first = pages[0];
  const hits = pages.flatMap((p) => p.hits);
  const referenceBook = first?.reference ? bookByOsis(first.reference.path.book) : undefined;

  return (
    <div className="space-y-5">
      <Link to="/word" className="text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300">
        The Word
      </Link>
      <PageHeading title="Search the Bible" description={`In the ${translationById(translation).name}.`} />
      <SearchForm key={q} initial={q} autoFocus={!q} />
      <FilterChips
        label="Search in"
        value={testament}
        options={TESTAMENTS}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          if (value === "all") next.delete("in");
          else next.set("in", value);
          setParams(next, { replace: true });
        }}
      />

      {first?.reference && referenceBook ? (
        <Link
          to={chapterPath(referenceBook, first.reference.path.chapter, first.reference.path.verses)}
          className="flex items-center justify-between rounded-2xl border border-pasture-600 bg-pasture-50 p-4 font-medium text-pasture-900 dark:bg-stone-900 dark:text-stone-50"
        >
          Go to {first.reference.display}
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </Link>
      ) : null}

      {q ? (
        <QueryState
          query={search}
          loading={
            <div className="space-y-3" aria-busy="true">
              <span className="sr-only" role="status">
                Searching
              </span>
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          }
          // A reference that matched no words still leads to its chapter (above): no alert then.
          error={(error) => (first?.reference ? null : <LoadError message={errorMessage(error)} />)}
        >
          {() => (
            <section aria-label="Results" className="space-y-3">
              <p role="status" className="text-sm text-stone-600 dark:text-stone-400">
                {first && first.total > 0
                  ? `${first.total.toLocaleString("en-US")} verse${first.total === 1 ? "" : "s"} found`
                  : `No verses found for “${q}”. Try fewer or different words.`}
              </p>
              <ol className="space-y-2">
                {hits.map((hit) => {
                  const book = bookByOsis(hit.book);
                  if (!book) return null;
                  return (
                    <li key={`${hit.book}.${hit.chapter}.${hit.verse}`}>
                      <Link
                        to={chapterPath(book, hit.chapter, [hit.verse])}
                        className="block rounded-xl border border-stone-200 bg-white p-4 hover:border-pasture-600 dark:border-stone-800 dark:bg-stone-900"
                      >
                        <span className="block text-sm font-semibold text-pasture-800 dark:text-gold-300">{hit.reference}</span>
                        <span className="font-serif text-stone-800 dark:text-stone-200">
                          {hit.parts.map((part, i) =>
                            part.hit ? (
                              <mark key={i} className="rounded-sm bg-gold-300/70 px-0.5 text-inherit dark:bg-gold-400/35">
                                {part.text}
                              </mark>
                            ) : (
                              <span key={i}>{part.text}</span>
                            ),
                          )}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ol>
              {search.hasNextPage ? (
                <Button
                  variant="secondary"
                  className="w-full"
                  disabled={search.isFetchingNextPage}
                  onClick={() => void search.fetchNextPage()}
                >
                  {search.isFetchingNextPage ? "Loading..." : "Show more"}
                </Button>
              ) : null}
            </section>
          )}
        </QueryState>
      ) : null}
    </div>
  );
}

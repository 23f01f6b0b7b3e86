import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { BookMarked, BookOpen, Share2 } from "lucide-react";
import { bookByOsis, chapterPath, chapterTitle, translationById } from "@shepherd/shared/word";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { deviceDate } from "@/lib/time-zone";
import { usePassage } from "../api/get-passage";
import { useVerseOfTheDay } from "../api/get-verse-of-the-day";
import { useReaderSettings } from "../api/get-reader-settings";
import { BookGrid } from "../components/book-picker";
import { SearchForm } from "../components/search-form";
import { ShareDialog, type SharedVerse } from "../components/share-dialog";

function todayHere(): string {
  return deviceDate();
}

/** `/word`: the verse of the day, where I left off, search, and the books. `/word?ref=...` opens a reference. */
export function WordPage() {
  const [params] = useSearchParams();
  const ref = params.get("ref");
  return ref ? <OpenReference reference={ref} /> : <WordHome />;
}

function OpenReference({ reference }: { reference: string }) {
  const navigate = useNavigate();
  const settings = useReaderSettings();
  const passage = usePassage(settings.isPending ? null : reference, settings.data?.translation ?? "web");
  useEffect(() => {
    const found = passage.data;
    const book = found ? bookByOsis(found.book) : undefined;
    if (found && book) navigate(chapterPath(book, found.chapter, found.verses), { replace: true });
  }, [passage.data, navigate]);

  if (passage.isError) {
    return (
      <div className="space-y-4">
        <PageHeading title="The Word" />
        <Card className="space-y-3">
          <h2 className="font-semibold">We couldn't open “{reference}”</h2>
          <p role="alert" className="text-stone-700 dark:text-stone-300">
            {errorMessage(passage.error)}
          </p>
          <SearchForm initial={reference} />
          <Link to="/word" className="inline-block font-medium text-pasture-700 underline dark:text-gold-300">
            Back to The Word
          </Link>
        </Card>
      </div>
    );
  }
  return (
    <div className="space-y-3" aria-busy="true">
      <span className="sr-only" role="status">
        Opening {reference}
      </span>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-full" />
    </div>
  );
}

function WordHome() {
  const settings = useReaderSettings();
  const translation = settings.data?.translation ?? "web";
  const [date] = useState(todayHere);
  const votd = useVerseOfTheDay(date, translation);
  const [shared, setShared] = useState<SharedVerse | null>(null);
  const lastBook = settings.data?.last_book ? bookByOsis(settings.data.last_book) : undefined;
  const lastChapter = settings.data?.last_chapter ?? null;
  const votdBook = votd.data ? bookByOsis(votd.data.book) : undefined;
  const votdText = votd.data?.text.map((t) => t.text).join(" ") ?? "";

  return (
    <div className="space-y-6">
      <PageHeading
        title="The Word"
        description="Read the Bible in the World English Bible or the King James Version, search it, and keep your highlights and notes."
      />

      <section aria-labelledby="votd-heading">
        <Card className="space-y-3 bg-gradient-to-br from-pasture-800 to-pasture-600 text-parchment dark:from-pasture-900 dark:to-pasture-700">
          <h2 id="votd-heading" className="text-xs font-semibold uppercase tracking-wider text-gold-300">
            Verse of the day
          </h2>
          {votd.isPending ? (
            <div className="space-y-2" aria-busy="true">
              <Skeleton className="h-5 w-full bg-white/20" />
              <Skeleton className="h-5 w-2/3 bg-white/20" />
            </div>
          ) : votd.isError ? (
            <p role="alert">{errorMessage(votd.error)}</p>
          ) : (
            <>
              <blockquote className="font-serif text-xl leading-relaxed">“{votdText}”</blockquote>
              <p className="font-semibold text-gold-300">
                {votd.data.reference}{" "}
                <span className="font-normal text-parchment/80">({translationById(translation).abbreviation})</span>
              </p>
              <div className="flex flex-wrap gap-2">
                {votdBook ? (
                  <Link
                    to={chapterPath(votdBook, votd.data.chapter, votd.data.verses)}
                    className="inline-flex min-h-10 max-w-full items-center gap-2 rounded-lg bg-gold-400 px-4 py-2 text-sm font-medium text-pasture-900 hover:bg-gold-500"
                  >
                    <BookOpen aria-hidden="true" className="h-4 w-4 shrink-0" />
                    {/* A book's name longer than the line at large text breaks rather than runs off the screen. */}
                    <span className="min-w-0 [overflow-wrap:anywhere]">Read {chapterTitle(votdBook, votd.data.chapter)}</span>
                  </Link>
                ) : null}
                <Button
                  variant="ghost"
                  className="text-parchment hover:bg-white/10 dark:text-parchment"
                  onClick={() =>
                    setShared({
                      text: votdText,
                      reference: votd.data.reference,
                      translation: translationById(translation).abbreviation,
                    })
                  }
                >
                  <Share2 aria-hidden="true" className="h-4 w-4" />
                  Share
                </Button>
              </div>
            </>
          )}
        </Card>
      </section>

      {lastBook && lastChapter ? (
        <Link
          to={chapterPath(lastBook, lastChapter)}
          className="flex items-center justify-between rounded-2xl border border-stone-200 bg-white p-4 hover:border-pasture-600 dark:border-stone-800 dark:bg-stone-900"
        >
          <span>
            <span className="block text-xs font-semibold uppercase tracking-wider text-stone-600 dark:text-stone-400">
              Continue reading
            </span>
            <span className="font-serif text-lg font-semibold text-pasture-900 dark:text-stone-50">
              {chapterTitle(lastBook, lastChapter)}
            </span>
          </span>
          <BookOpen aria-hidden="true" className="h-6 w-6 text-pasture-700 dark:text-gold-300" />
        </Link>
      ) : null}

      <SearchForm />

      <Link
        to="/word/notes"
        className="flex items-center gap-3 rounded-2xl border border-stone-200 bg-white p-4 font-medium text-stone-800 hover:border-pasture-600 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-100"
      >
        <BookMarked aria-hidden="true" className="h-5 w-5 text-gold-600" />
        My highlights and notes
      </Link>

      <BookGrid current={lastBook?.osis ?? null} />
      <ShareDialog verse={shared} onClose={() => setShared(null)} />
    </div>
  );
}

import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Headphones, Search, Type } from "lucide-react";
import {
  bookBySlug,
  chapterCountText,
  chapterTitle,
  DEFAULT_READER_SETTINGS,
  LINE_HEIGHT,
  parseVerseSelection,
  translationById,
  verseReference,
  type BibleBook,
  type HighlightColor,
  type TranslationId,
} from "@shepherd/shared/word";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useDocumentTitle } from "@/lib/document-title";
import { notify, notifyCappedError, notifyError, showError } from "@/lib/toast";
import { useChapterAudio } from "../api/chapter-audio";
import { useChapter } from "../api/get-chapter";
import { useChapterAnnotations } from "../api/get-chapter-annotations";
import { useReaderSettings } from "../api/get-reader-settings";
import { useSaveReadingPosition } from "../api/save-reading-position";
import { useUpdateReaderSettings } from "../api/update-reader-settings";
import { useChangeAnnotations, type AnnotationChange } from "../api/update-annotations";
import { AudioBar } from "@/components/ui/audio-bar";
import { ChapterNav } from "../components/chapter-nav";
import { ChapterText, selectionText, verseMarks } from "../components/chapter-text";
import { NoteDialog, type NoteTarget } from "../components/note-dialog";
import { ReadingSettingsDialog } from "../components/reading-settings-dialog";
import { ShareDialog, type SharedVerse } from "../components/share-dialog";
import { TranslationSwitch } from "../components/translation-switch";
import { VerseActions } from "../components/verse-actions";
import { VerseGridDialog } from "../components/verse-grid-dialog";
import { copyVerse } from "../copy-verse";
import { annotationsWithQueued } from "@/lib/offline/pending";
import { useQueuedWrites } from "@/lib/offline/use-queued-writes";

/** `/word/:book/:chapter`: one chapter, as the translation lays it out, with my marks on it. */
export function ReaderPage() {
  const params = useParams();
  const book = bookBySlug(params.book ?? "");
  const chapter = Number(params.chapter);
  const found = book && Number.isInteger(chapter) && chapter >= 1 && chapter <= book.chapters;
  useDocumentTitle(found ? `${chapterTitle(book, chapter)} · The Word` : "Chapter not found · The Word");
  if (!found) {
    return (
      <Card className="space-y-3">
        <h1 className="font-serif text-xl font-semibold">We couldn't find that chapter</h1>
        <p className="text-stone-700 dark:text-stone-300">
          {book ? chapterCountText(book) : "That is not a book of the Bible we know."}
        </p>
        <Link to={book ? `/word/${book.slug}` : "/word"} className="font-medium text-pasture-700 underline dark:text-gold-300">
          {book ? `Choose a chapter of ${book.name}` : "Choose a book"}
        </Link>
      </Card>
    );
  }
  return <Reader key={`${book.osis}.${chapter}`} book={book} chapter={chapter} />;
}

function Reader({ book, chapter }: { book: BibleBook; chapter: number }) {
  const [search, setSearch] = useSearchParams();
  const settingsQuery = useReaderSettings();
  const settings = settingsQuery.data ?? DEFAULT_READER_SETTINGS;
  const translation = settings.translation;
  const text = useChapter(translation, book.osis, chapter);
  const annotations = useChapterAnnotations(book.osis, chapter);
  const change = useChangeAnnotations();
  const updateSettings = useUpdateReaderSettings();
  const savePosition = useSaveReadingPosition();
  const audio = useChapterAudio();

  const linked = useMemo(() => new Set(parseVerseSelection(search.get("v"))), [search]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [noteTarget, setNoteTarget] = useState<NoteTarget | null>(null);
  const [shared, setShared] = useState<SharedVerse | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [versesOpen, setVersesOpen] = useState(false);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);

  // Remember where I was (once per chapter opened).
  const savedFor = useRef<string | null>(null);
  useEffect(() => {
    const key = `${book.osis}.${chapter}`;
    if (savedFor.current === key) return;
    savedFor.current = key;
    savePosition.mutate({ book: book.osis, chapter }, { onError: (error) => console.error(error) });
  }, [book.osis, chapter, savePosition]);

  // A link to verses scrolls them into view once the text is there.
  const firstLinked = Math.min(...linked);
  useEffect(() => {
    if (!text.data || !Number.isFinite(firstLinked)) return;
    document.getElementById(`v${firstLinked}`)?.scrollIntoView({ block: "center" });
  }, [text.data, firstLinked]);

  // Highlights, bookmarks and notes he made offline are drawn until they sync (issue 18).
  const queued = useQueuedWrites();
  const marks = useMemo(
    () => verseMarks(annotations.data && annotationsWithQueued(annotations.data, queued, book.osis, chapter)),
    [annotations.data, queued, book.osis, chapter],
  );

  const verses = [...selected].sort((a, b) => a - b);
  const reference = verses.length ? verseReference(book, chapter, verses) : chapterTitle(book, chapter);
  const abbreviation = translationById(translation).abbreviation;
  const colors = new Set(verses.map((v) => marks.highlights.get(v) ?? null));
  const sharedColor: HighlightColor | null = colors.size === 1 ? ([...colors][0] ?? null) : null;

  const toggle = (verse: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(verse)) next.delete(verse);
      else next.add(verse);
      return next;
    });

  const apply = (changeTo: AnnotationChange, done?: string) =>
    change.mutate(
      { selection: { book: book.osis, chapter, verses }, change: changeTo },
      {
        onSuccess: (annotations) => {
          // Kept on the device (null), "Saved on this device, will sync" has said so.
          if (done && annotations) notify(done, reference);
          setSelected(new Set());
        },
        onError: showError,
      },
    );

  const copy = async () => {
    const copied = await copyVerse({
      text: selectionText(text.data?.blocks ?? [], selected),
      reference,
      translation: abbreviation,
    });
    if (copied) setSelected(new Set());
  };

  const listen = () => {
    notify("Generating audio...", "Typically takes 5-10 seconds");
    audio.mutate(
      { translation, book: book.osis, chapter },
      {
        onSuccess: ({ audioUrl: url }) => {
          if (!url) return notifyError("No audio URL returned");
          notify("Audio ready");
          setAudioUrl(url);
        },
        onError: (error) => notifyCappedError("Failed to generate audio", error),
      },
    );
  };

  const switchTranslation = (id: TranslationId) => {
    if (id !== translation) updateSettings.mutate({ translation: id }, { onError: showError });
  };

  return (
    <article className={cn("space-y-5", verses.length > 0 && "pb-48", audioUrl && "pb-28")} aria-labelledby="chapter-title">
      <header className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <Link
            to={`/word/${book.slug}`}
            className="text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300"
            aria-label={`All chapters of ${book.name}`}
          >
            {book.name}
          </Link>
          <div className="flex items-center gap-1">
            <Link
              to="/word/search"
              aria-label="Search the Bible"
              className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
            >
              <Search aria-hidden="true" className="h-5 w-5" />
            </Link>
            <Button variant="ghost" aria-label="Reading settings" onClick={() => setSettingsOpen(true)}>
              <Type aria-hidden="true" className="h-5 w-5" />
            </Button>
            <Button variant="secondary" onClick={listen} disabled={audio.isPending}>
              <Headphones aria-hidden="true" className="h-4 w-4" />
              {audio.isPending ? "Preparing..." : "Listen"}
            </Button>
          </div>
        </div>
        <div className="flex items-end justify-between gap-3">
          <div>
            <h1 id="chapter-title" className="font-serif text-3xl font-semibold text-pasture-900 dark:text-stone-50">
              {chapterTitle(book, chapter)}
            </h1>
            {text.data ? (
              <button
                type="button"
                onClick={() => setVersesOpen(true)}
                className="text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300"
              >
                Go to verse
              </button>
            ) : null}
            <p className="text-sm text-stone-600 dark:text-stone-400">{translationById(translation).name}</p>
          </div>
          <TranslationSwitch value={translation} onChange={switchTranslation} />
        </div>
      </header>

      <QueryState
        query={text}
        loading={
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading {chapterTitle(book, chapter)}
            </span>
            {Array.from({ length: 10 }, (_, i) => (
              <Skeleton key={i} className={cn("h-5", i % 3 === 2 ? "w-2/3" : "w-full")} />
            ))}
          </div>
        }
        error={errorMessage(text.error)}
      >
        {(data) => (
          <ChapterText
            blocks={data.blocks}
            marks={marks}
            selected={selected}
            linked={linked}
            onToggle={toggle}
            onOpenNote={(id) => {
              const note = annotations.data?.notes.find((n) => n.id === id);
              if (note) setNoteTarget({ note, reference: verseReference(book, chapter, note.verses) });
            }}
            fontSize={settings.font_size}
            lineHeight={LINE_HEIGHT[settings.line_spacing]}
          />
        )}
      </QueryState>

      <ChapterNav book={book} chapter={chapter} />

      {verses.length > 0 ? (
        <VerseActions
          reference={reference}
          color={sharedColor}
          anyHighlighted={verses.some((v) => marks.highlights.has(v))}
          allBookmarked={verses.every((v) => marks.bookmarks.has(v))}
          busy={change.isPending}
          onHighlight={(color) => apply({ kind: "highlight", color })}
          onRemoveHighlight={() => apply({ kind: "unhighlight" })}
          onToggleBookmark={() =>
            verses.every((v) => marks.bookmarks.has(v))
              ? apply({ kind: "unbookmark" }, "Bookmark removed")
              : apply({ kind: "bookmark" }, "Bookmarked")
          }
          onNote={() => setNoteTarget({ selection: { book: book.osis, chapter, verses }, reference })}
          onShare={() =>
            setShared({ text: selectionText(text.data?.blocks ?? [], selected), reference, translation: abbreviation })
          }
          onCopy={() => void copy()}
          onClear={() => setSelected(new Set())}
        />
      ) : null}

      {audioUrl ? (
        <AudioBar testId="chapter-audio" src={audioUrl} title={chapterTitle(book, chapter)} onClose={() => setAudioUrl(null)} />
      ) : null}

      <NoteDialog target={noteTarget} onClose={() => setNoteTarget(null)} onSaved={() => setSelected(new Set())} />
      <ShareDialog verse={shared} onClose={() => setShared(null)} />
      <VerseGridDialog
        open={versesOpen}
        title={chapterTitle(book, chapter)}
        verses={text.data?.verse_count ?? 0}
        onClose={() => setVersesOpen(false)}
        onPick={(verse) => {
          setVersesOpen(false);
          setSearch({ v: String(verse) }, { replace: true });
        }}
      />
      <ReadingSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} settings={settings} />
    </article>
  );
}

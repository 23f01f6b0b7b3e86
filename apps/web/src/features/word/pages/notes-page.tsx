import { useState } from "react";
import { Link } from "react-router";
import { Bookmark, Highlighter, StickyNote } from "lucide-react";
import { bookByOsis, chapterPath, type AnnotationItem } from "@shepherd/shared/word";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";
import { QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { notify, showError } from "@/lib/toast";
import { useAnnotationList, type AnnotationKind } from "../api/get-annotation-list";
import { useReaderSettings } from "../api/get-reader-settings";
import { FilterChips } from "@/components/ui/filter-chips";
import { useChangeAnnotations } from "../api/update-annotations";
import { HIGHLIGHT_CLASSES } from "../components/chapter-text";
import { NoteDialog, type NoteTarget } from "../components/note-dialog";

const FILTERS: Array<{ value: AnnotationKind; label: string }> = [
  { value: "all", label: "All" },
  { value: "highlights", label: "Highlights" },
  { value: "bookmarks", label: "Bookmarks" },
  { value: "notes", label: "Notes" },
];

const EMPTY: Record<AnnotationKind, string> = {
  all: "Nothing yet. Tap a verse while you read to highlight it, bookmark it or write a note.",
  highlights: "No highlights yet. Tap a verse while you read and choose a colour.",
  bookmarks: "No bookmarks yet. Tap a verse while you read and choose Bookmark.",
  notes: "No notes yet. Tap a verse while you read and choose Note.",
};

/** `/word/notes`: "My highlights and notes", newest first. */
export function NotesPage() {
  const [kind, setKind] = useState<AnnotationKind>("all");
  const settings = useReaderSettings();
  const list = useAnnotationList(kind, settings.data?.translation ?? "web");
  const change = useChangeAnnotations();
  const [noteTarget, setNoteTarget] = useState<NoteTarget | null>(null);

  const remove = (item: AnnotationItem) => {
    if (item.kind === "note") {
      const note = {
        id: item.id,
        book: item.book,
        chapter: item.chapter,
        verses: item.verses,
        content: item.content ?? "",
        created_at: item.updated_at,
        updated_at: item.updated_at,
      };
      setNoteTarget({ note, reference: item.reference });
      return;
    }
    change.mutate(
      {
        selection: { book: item.book, chapter: item.chapter, verses: item.verses },
        change: { kind: item.kind === "highlight" ? "unhighlight" : "unbookmark" },
      },
      {
        onSuccess: () => notify(item.kind === "highlight" ? "Highlight removed" : "Bookmark removed", item.reference),
        onError: showError,
      },
    );
  };

  return (
    <div className="space-y-5">
      <Link to="/word" className="text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300">
        The Word
      </Link>
      <PageHeading
        title="My highlights and notes"
        description="Private to you, and included when you download your data in Settings."
      />
      <FilterChips label="Show" value={kind} options={FILTERS} onChange={setKind} />

      <QueryState
        query={list}
        loading={
          <div className="space-y-3" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        }
        error={errorMessage(list.error)}
        retry={false}
        isEmpty={(data) => data.items.length === 0}
        empty={EMPTY[kind]}
      >
        {(data) => (
          <ul className="space-y-3">
            {data.items.map((item) => {
              const book = bookByOsis(item.book);
              const Icon = item.kind === "note" ? StickyNote : item.kind === "bookmark" ? Bookmark : Highlighter;
              return (
                <li key={`${item.kind}:${item.id}`}>
                  <Card className="space-y-2 p-4">
                    <div className="flex items-center justify-between gap-2">
                      <Link
                        to={book ? chapterPath(book, item.chapter, item.verses) : "/word"}
                        className="inline-flex items-center gap-2 font-semibold text-pasture-800 hover:underline dark:text-gold-300"
                      >
                        <Icon aria-hidden="true" className="h-4 w-4" />
                        {item.reference}
                        <span className="sr-only">({item.kind})</span>
                      </Link>
                      <Button variant="ghost" size="sm" onClick={() => remove(item)}>
                        {item.kind === "note" ? "Edit" : "Remove"}
                      </Button>
                    </div>
                    <p
                      className={cn(
                        "rounded-md px-1 font-serif text-stone-800 dark:text-stone-200",
                        item.color && HIGHLIGHT_CLASSES[item.color],
                      )}
                    >
                      {item.text}
                    </p>
                    {item.content ? (
                      <p className="whitespace-pre-wrap border-l-4 border-gold-400 pl-3 text-stone-700 dark:text-stone-300">
                        {item.content}
                      </p>
                    ) : null}
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      <NoteDialog target={noteTarget} onClose={() => setNoteTarget(null)} />
    </div>
  );
}

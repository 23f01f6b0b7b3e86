import { Fragment, type KeyboardEvent, type ReactNode } from "react";
import { Bookmark, StickyNote } from "lucide-react";
import type { ChapterAnnotations, ChapterBlock, HighlightColor, VerseSpan } from "@shepherd/shared/word";
import { cn } from "@/lib/cn";
import { verseLabel } from "../verse-label";

/** Highlight colours, readable in light and dark. */
export const HIGHLIGHT_CLASSES: Record<HighlightColor, string> = {
  yellow: "bg-yellow-200 dark:bg-yellow-400/30",
  green: "bg-green-200 dark:bg-green-400/30",
  blue: "bg-sky-200 dark:bg-sky-400/30",
  pink: "bg-pink-200 dark:bg-pink-400/30",
  orange: "bg-orange-200 dark:bg-orange-400/35",
};

/** KJV prints the words its translators supplied in italics; the text marks them [like this]. */
function withItalics(text: string): ReactNode {
  if (!text.includes("[")) return text;
  return text
    .split(/(\[[^\]]*\])/)
    .map((part, i) =>
      part.startsWith("[") && part.endsWith("]") ? <em key={i}>{part.slice(1, -1)}</em> : <Fragment key={i}>{part}</Fragment>,
    );
}

export interface VerseMarks {
  highlights: Map<number, HighlightColor>;
  bookmarks: Set<number>;
  /** verse -> the ids of notes that begin there */
  notes: Map<number, string[]>;
}

/** My marks in a chapter, by verse (none until they have loaded). */
export function verseMarks(annotations: ChapterAnnotations | undefined): VerseMarks {
  const notes = new Map<number, string[]>();
  for (const note of annotations?.notes ?? []) {
    const first = note.verses[0] ?? 1;
    notes.set(first, [...(notes.get(first) ?? []), note.id]);
  }
  return {
    highlights: new Map((annotations?.highlights ?? []).map((h) => [h.verse, h.color])),
    bookmarks: new Set((annotations?.bookmarks ?? []).map((b) => b.verse)),
    notes,
  };
}

export function ChapterText(props: {
  blocks: ChapterBlock[];
  marks: VerseMarks;
  selected: ReadonlySet<number>;
  /** Verses named by the link that opened the chapter ("?v=16-18"). */
  linked: ReadonlySet<number>;
  onToggle: (verse: number) => void;
  onOpenNote: (noteId: string) => void;
  fontSize: number;
  lineHeight: number;
}) {
  const { marks, selected, linked } = props;

  const onKey = (event: KeyboardEvent, verse: number) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      props.onToggle(verse);
    }
  };

  const span = (s: VerseSpan, key: string) => {
    const color = marks.highlights.get(s.verse);
    const notes = s.first ? marks.notes.get(s.verse) : undefined;
    return (
      <Fragment key={key}>
        <span
          data-verse={s.verse}
          id={s.first ? `v${s.verse}` : undefined}
          // One stop per verse for keyboard selection, a toggle named by its verse and marks; the verse's other
          // lines (poetry) follow it for the pointer.
          tabIndex={s.first ? 0 : undefined}
          role={s.first ? "button" : undefined}
          aria-pressed={s.first ? selected.has(s.verse) : undefined}
          aria-label={
            s.first
              ? verseLabel(s.verse, color, marks.bookmarks.has(s.verse), Boolean(notes?.length)) + s.text.replace(/[[\]]/g, "")
              : undefined
          }
          onClick={() => props.onToggle(s.verse)}
          onKeyDown={(event) => onKey(event, s.verse)}
          className={cn(
            "cursor-pointer rounded-sm box-decoration-clone transition-colors",
            color && HIGHLIGHT_CLASSES[color],
            !color && linked.has(s.verse) && "bg-gold-300/45 dark:bg-gold-400/25",
            selected.has(s.verse) && "underline decoration-pasture-600 decoration-2 underline-offset-4 dark:decoration-gold-300",
          )}
        >
          {s.first ? (
            <sup
              aria-hidden="true"
              className="mr-0.5 select-none font-sans text-[0.65em] font-semibold text-stone-600 dark:text-stone-400"
            >
              {marks.bookmarks.has(s.verse) ? (
                <Bookmark className="mr-0.5 inline h-3 w-3 fill-current text-gold-600" aria-hidden="true" />
              ) : null}
              {s.verse}
            </sup>
          ) : null}
          {withItalics(s.text)}
        </span>
        {notes?.map((id) => (
          <button
            key={id}
            type="button"
            onClick={() => props.onOpenNote(id)}
            aria-label={`Your note on verse ${s.verse}`}
            className="mx-0.5 inline-flex h-6 w-6 items-center justify-center rounded align-middle text-gold-600 hover:bg-stone-100 dark:hover:bg-stone-800"
          >
            <StickyNote aria-hidden="true" className="h-4 w-4" />
          </button>
        ))}{" "}
      </Fragment>
    );
  };

  return (
    <div
      className="font-serif text-stone-900 dark:text-stone-100"
      style={{ fontSize: props.fontSize, lineHeight: props.lineHeight }}
    >
      {props.blocks.map((block, b) => {
        if (block.type === "heading") {
          return (
            <p key={b} className="mb-3 text-center font-sans text-[0.8em] italic text-stone-600 dark:text-stone-400">
              {block.text}
            </p>
          );
        }
        if (block.type === "poetry") {
          return (
            <div key={b} className="mb-4">
              {block.lines.map((line, l) => (
                <div key={l} className={cn("pl-8 -indent-6", line[0] && !line[0].first && "pl-12")}>
                  {line.map((s, i) => span(s, `${b}.${l}.${i}`))}
                </div>
              ))}
            </div>
          );
        }
        return (
          <p key={b} className="mb-4 indent-4">
            {block.spans.map((s, i) => span(s, `${b}.${i}`))}
          </p>
        );
      })}
    </div>
  );
}

/** The selected verses' text, in order, for copying and sharing. */
export function selectionText(blocks: ChapterBlock[], verses: ReadonlySet<number>): string {
  const parts: string[] = [];
  for (const block of blocks) {
    const spans = block.type === "paragraph" ? block.spans : block.type === "poetry" ? block.lines.flat() : [];
    for (const s of spans) if (verses.has(s.verse)) parts.push(s.text.replace(/[[\]]/g, ""));
  }
  return parts.join(" ");
}

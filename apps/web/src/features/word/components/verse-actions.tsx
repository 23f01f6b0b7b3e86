import { Bookmark, BookmarkMinus, Copy, Eraser, Share2, StickyNote } from "lucide-react";
import { HIGHLIGHT_COLORS, type HighlightColor } from "@shepherd/shared/word";
import { cn } from "@/lib/cn";
import { CloseButton } from "@/components/ui/close-button";
import { HIGHLIGHT_CLASSES } from "./chapter-text";

const action =
  "inline-flex h-11 min-w-11 flex-col items-center justify-center gap-0.5 rounded-lg px-2 text-[11px] font-medium text-stone-700 hover:bg-stone-100 disabled:opacity-50 dark:text-stone-200 dark:hover:bg-stone-800";

/** What can be done with the verses a person has tapped: highlight, bookmark, note, share, copy. */
export function VerseActions(props: {
  reference: string;
  /** The colour every selected verse has, if they share one. */
  color: HighlightColor | null;
  anyHighlighted: boolean;
  allBookmarked: boolean;
  busy: boolean;
  onHighlight: (color: HighlightColor) => void;
  onRemoveHighlight: () => void;
  onToggleBookmark: () => void;
  onNote: () => void;
  onShare: () => void;
  onCopy: () => void;
  onClear: () => void;
}) {
  return (
    <section
      aria-label={`Selected: ${props.reference}`}
      className="fixed inset-x-0 bottom-[var(--shell-tab-bar-height,4rem)] z-50 border-t lg:left-(--shell-sidebar-width) border-stone-200 bg-white/98 pb-[env(safe-area-inset-bottom)] shadow-[0_-6px_20px_rgba(0,0,0,0.08)] dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="mx-auto max-w-3xl space-y-2 px-4 py-3">
        <div className="flex items-center justify-between gap-2">
          <p className="font-serif font-semibold text-pasture-900 dark:text-stone-50">{props.reference}</p>
          <CloseButton label="Clear selection" onClick={props.onClear} />
        </div>
        <div role="group" aria-label="Highlight colour" className="flex items-center gap-2">
          {HIGHLIGHT_COLORS.map((color) => (
            <button
              key={color}
              type="button"
              disabled={props.busy}
              aria-pressed={props.color === color}
              aria-label={`Highlight ${color}`}
              onClick={() => props.onHighlight(color)}
              className={cn(
                "h-9 w-9 rounded-full border-2 border-white shadow ring-1 ring-stone-300 dark:border-stone-900 dark:ring-stone-600",
                HIGHLIGHT_CLASSES[color],
                props.color === color && "ring-2 ring-pasture-700 dark:ring-gold-300",
              )}
            />
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {props.anyHighlighted ? (
            <button type="button" className={action} disabled={props.busy} onClick={props.onRemoveHighlight}>
              <Eraser aria-hidden="true" className="h-5 w-5" />
              Remove highlight
            </button>
          ) : null}
          <button type="button" className={action} disabled={props.busy} onClick={props.onToggleBookmark}>
            {props.allBookmarked ? (
              <BookmarkMinus aria-hidden="true" className="h-5 w-5" />
            ) : (
              <Bookmark aria-hidden="true" className="h-5 w-5" />
            )}
            {props.allBookmarked ? "Remove bookmark" : "Bookmark"}
          </button>
          <button type="button" className={action} onClick={props.onNote}>
            <StickyNote aria-hidden="true" className="h-5 w-5" />
            Note
          </button>
          <button type="button" className={action} onClick={props.onShare}>
            <Share2 aria-hidden="true" className="h-5 w-5" />
            Share
          </button>
          <button type="button" className={action} onClick={props.onCopy}>
            <Copy aria-hidden="true" className="h-5 w-5" />
            Copy
          </button>
        </div>
      </div>
    </section>
  );
}

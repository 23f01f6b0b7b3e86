import { MessageCircle } from "lucide-react";
import { cn } from "@/lib/cn";

/** "Comments" and how many, under a post or reflection: opens and closes the thread it controls. */
export function CommentsToggle(props: {
  open: boolean;
  onToggle: () => void;
  /** The id of the thread, there while it is open. */
  controls: string;
  count: number;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-expanded={props.open}
      aria-controls={props.open ? props.controls : undefined}
      onClick={props.onToggle}
      className={cn(
        "inline-flex min-h-9 flex-wrap items-center justify-center gap-x-1.5 rounded-full px-3 py-1 text-sm font-medium text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800",
        props.className,
      )}
    >
      <MessageCircle aria-hidden="true" className="h-4 w-4" />
      Comments
      <span className="tabular-nums">{props.count}</span>
    </button>
  );
}

import { X } from "lucide-react";
import { cn } from "@/lib/cn";

/** The X that closes a dialog, a player or a selection; `label` says what it closes. */
export function CloseButton(props: { label: string; onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      aria-label={props.label}
      className={cn(
        "inline-flex h-9 w-9 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800",
        props.className,
      )}
    >
      <X aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}

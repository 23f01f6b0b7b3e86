import { CloudOff } from "lucide-react";
import { cn } from "@/lib/cn";

/** Issue 18: marks something he did offline that is kept on this device until it syncs. */
export function WaitingToSync(props: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700 dark:bg-stone-800 dark:text-stone-200",
        props.className,
      )}
    >
      <CloudOff aria-hidden="true" className="h-3.5 w-3.5" />
      Waiting to sync
    </span>
  );
}

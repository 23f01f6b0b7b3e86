import { cn } from "@/lib/cn";

/** A grey placeholder block that pulses while content loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-stone-200 dark:bg-stone-800", className)} />;
}

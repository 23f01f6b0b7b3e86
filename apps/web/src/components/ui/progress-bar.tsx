import { cn } from "@/lib/cn";

/** How far along something is, for eyes and for screen readers ("Day 3 of 7: 29 percent"). */
export function ProgressBar(props: { percent: number; label: string; className?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(props.percent)));
  return (
    <div
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800", props.className)}
    >
      <div className="h-full rounded-full bg-gold-500 transition-[width] duration-500" style={{ width: `${percent}%` }} />
    </div>
  );
}

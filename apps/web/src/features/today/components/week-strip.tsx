import { Check } from "lucide-react";
import { longDateLabel, weekdayLetter } from "@shepherd/shared/dates";
import { cn } from "@/lib/cn";
import { dayState, weekOf, type DayState } from "../calendar";

const SPOKEN: Record<DayState, string> = {
  kept: "done",
  missed: "not done",
  open: "today, not done yet",
  future: "still to come",
};

/** This week, Sunday to Saturday: a mark on each day he kept (a devotional completed or a check-in made). */
export function WeekStrip(props: { today: string; kept: ReadonlySet<string>; className?: string }) {
  return (
    <ol aria-label="This week" className={cn("grid grid-cols-7 gap-1 text-center", props.className)} data-testid="week-strip">
      {weekOf(props.today).map((date) => {
        const state = dayState(date, props.today, props.kept);
        return (
          <li key={date} data-state={state} data-date={date} className="flex flex-col items-center gap-1">
            <span aria-hidden="true" className="text-xs font-medium text-stone-600 dark:text-stone-400">
              {weekdayLetter(date)}
            </span>
            <span
              aria-hidden="true"
              className={cn(
                "flex h-8 w-8 items-center justify-center rounded-full border-2 text-xs",
                state === "kept" &&
                  "border-pasture-700 bg-pasture-700 text-white dark:border-gold-300 dark:bg-gold-300 dark:text-pasture-900",
                state === "open" && "border-gold-500 border-dashed",
                state === "missed" && "border-stone-300 dark:border-stone-600",
                state === "future" && "border-stone-200 dark:border-stone-800",
              )}
            >
              {state === "kept" ? <Check className="h-4 w-4" /> : null}
            </span>
            <span className="sr-only">
              {longDateLabel(date)}: {SPOKEN[state]}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

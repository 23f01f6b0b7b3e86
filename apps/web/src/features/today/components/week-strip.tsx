import { Check } from "lucide-react";
import { cn } from "@/lib/cn";
import { dayState, weekOf, type DayState } from "../calendar";

const SPOKEN: Record<DayState, string> = {
  kept: "done",
  missed: "not done",
  open: "today, not done yet",
  future: "still to come",
};

// One formatter each, made on first use: toLocaleDateString builds a new one on every call, which costs a phone
// about a millisecond each time, fourteen times a week strip.
let longFormat: Intl.DateTimeFormat | undefined;
let narrowFormat: Intl.DateTimeFormat | undefined;

/** "Monday, June 15" for one of his dates (read as a UTC date, so no time zone moves it). */
export function longDate(date: string): string {
  longFormat ??= new Intl.DateTimeFormat(undefined, { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
  return longFormat.format(new Date(`${date}T12:00:00Z`));
}

function shortWeekday(date: string): string {
  narrowFormat ??= new Intl.DateTimeFormat(undefined, { weekday: "narrow", timeZone: "UTC" });
  return narrowFormat.format(new Date(`${date}T12:00:00Z`));
}

/** This week, Sunday to Saturday: a mark on each day he kept (a devotional completed or a check-in made). */
export function WeekStrip(props: { today: string; kept: ReadonlySet<string>; className?: string }) {
  return (
    <ol aria-label="This week" className={cn("grid grid-cols-7 gap-1 text-center", props.className)} data-testid="week-strip">
      {weekOf(props.today).map((date) => {
        const state = dayState(date, props.today, props.kept);
        return (
          <li key={date} data-state={state} data-date={date} className="flex flex-col items-center gap-1">
            <span aria-hidden="true" className="text-xs font-medium text-stone-600 dark:text-stone-400">
              {shortWeekday(date)}
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
              {longDate(date)}: {SPOKEN[state]}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

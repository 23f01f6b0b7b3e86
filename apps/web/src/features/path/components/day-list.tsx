import { CheckCircle2, Circle, Lock } from "lucide-react";
import type { PlanDayHeading } from "@shepherd/shared/path";
import { cn } from "@/lib/cn";

/**
 * The plan's days: done, open or locked (with the day it opens); choosing one opens it. On a phone a row of day chips
 * that scrolls sideways (a 21-day list would push the day far down); on a laptop a list beside the day. The list is
 * `relative` so its screen-reader-only text is clipped with it, not laid out beyond the page's right edge.
 */
export function DayList(props: { days: PlanDayHeading[]; selected: number; onSelect: (day: number) => void }) {
  return (
    <nav aria-label="Days of the plan">
      <ol className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-2 lg:mx-0 lg:grid lg:gap-1.5 lg:overflow-visible lg:px-0">
        {props.days.map((day) => {
          const current = day.day_number === props.selected;
          const Icon = day.completed ? CheckCircle2 : day.open ? Circle : Lock;
          return (
            <li key={day.id} className="shrink-0 lg:shrink">
              <button
                type="button"
                aria-current={current ? "step" : undefined}
                onClick={() => props.onSelect(day.day_number)}
                className={cn(
                  "flex w-full items-center gap-2 rounded-full border px-3 py-2 text-left text-sm lg:gap-3 lg:rounded-lg lg:border-transparent",
                  current
                    ? "border-pasture-700 bg-pasture-700 text-white"
                    : "border-stone-300 text-stone-800 hover:bg-stone-100 dark:border-stone-700 dark:text-stone-200 dark:hover:bg-stone-800",
                )}
              >
                <Icon
                  aria-hidden="true"
                  className={cn("h-4 w-4 shrink-0", day.completed && !current && "text-pasture-700 dark:text-gold-300")}
                />
                <span className="min-w-0 flex-1 whitespace-nowrap lg:whitespace-normal">
                  <span className="font-semibold">Day {day.day_number}</span>{" "}
                  <span className="sr-only lg:not-sr-only">{day.title}</span>
                </span>
                <span className="sr-only">
                  {day.completed ? "(done)" : day.open ? "(open)" : `(opens ${day.opens_on ?? "later"})`}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import { ChevronLeft, ChevronRight, Flame } from "lucide-react";
import { useState } from "react";
import { longDateLabel, monthLabel, WEEKDAY_NAMES, weekdayLetter, weekdayOf } from "@shepherd/shared/dates";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useKeptDays } from "../api/get-streak-days";
import { dayState, monthGrid, shiftMonth, streakLabel, weekOf } from "../calendar";
import { WeekStrip } from "./week-strip";
import { EYEBROW_HEADING } from "./eyebrow";

/** One month as a calendar page: each day he kept is filled. */
function MonthTable(props: { month: string; today: string; kept: ReadonlySet<string> }) {
  const { weeks } = monthGrid(`${props.month}-01`);
  const inMonth = weeks.flat().filter((d) => d.inMonth && props.kept.has(d.date)).length;
  return (
    <div className="space-y-2">
      <table className="w-full table-fixed border-separate border-spacing-1 text-center text-sm" data-testid="month-calendar">
        <caption className="sr-only">{monthLabel(props.month)}</caption>
        <thead>
          <tr>
            {weekOf(weeks[0]![0]!.date).map((date) => (
              <th key={date} scope="col" className="text-xs font-medium text-stone-600 dark:text-stone-400">
                <abbr title={WEEKDAY_NAMES[weekdayOf(date)]} className="no-underline">
                  {weekdayLetter(date)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map(({ date, inMonth: here }) => {
                if (!here) return <td key={date} />;
                const state = dayState(date, props.today, props.kept);
                return (
                  <td key={date} data-state={state} data-date={date}>
                    <span
                      aria-hidden="true"
                      className={cn(
                        "mx-auto flex h-8 w-8 items-center justify-center rounded-full tabular-nums",
                        state === "kept" && "bg-pasture-700 font-semibold text-white dark:bg-gold-300 dark:text-pasture-900",
                        state === "open" && "border-2 border-dashed border-gold-500 font-semibold",
                        state === "missed" && "text-stone-700 dark:text-stone-300",
                        state === "future" && "text-stone-500 dark:text-stone-400",
                      )}
                    >
                      {Number(date.slice(8))}
                    </span>
                    <span className="sr-only">
                      {longDateLabel(date)}
                      {state === "kept" ? ", done" : state === "open" ? ", today" : ""}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        {inMonth === 0
          ? `No days kept in ${monthLabel(props.month)} yet.`
          : `${inMonth} day${inMonth === 1 ? "" : "s"} kept in ${monthLabel(props.month)}.`}
      </p>
    </div>
  );
}

/**
 * The streak calendar, from the streak pill or the week on Today: this week and this month (and the months before),
 * each kept day filled. A day counts as the streak counts it: a devotional completed or a check-in made.
 */
export function StreakCalendarDialog(props: { today: string; streak: number; onClose: () => void }) {
  const [offset, setOffset] = useState(0);
  const thisMonth = useKeptDays(props.today);
  const shownDate = shiftMonth(props.today, offset);
  const shown = useKeptDays(shownDate);
  const streak = thisMonth.query.data?.streak ?? props.streak;
  const month = shownDate.slice(0, 7);

  return (
    <Dialog
      open
      onClose={props.onClose}
      title="Your streak"
      description="A day counts when you complete the devotional or check in."
    >
      <p className="flex items-center gap-2 font-serif text-2xl font-semibold text-pasture-900 dark:text-stone-50">
        <Flame aria-hidden="true" className="h-6 w-6 text-gold-600" />
        {streakLabel(streak)}
      </p>
      <section aria-labelledby="calendar-week-title" className="space-y-2">
        <h3 id="calendar-week-title" className={EYEBROW_HEADING}>
          This week
        </h3>
        {thisMonth.query.isPending ? (
          <Spinner label="Loading your week" />
        ) : (
          <WeekStrip today={props.today} kept={thisMonth.kept} />
        )}
      </section>
      <section aria-labelledby="calendar-month-title" className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <h3 id="calendar-month-title" className={EYEBROW_HEADING}>
            {offset === 0 ? "This month" : monthLabel(month)}
          </h3>
          <div className="flex gap-1">
            <button
              type="button"
              aria-label="Previous month"
              onClick={() => setOffset(offset - 1)}
              className="inline-flex h-9 w-9 items-center justify-center rounded-lg hover:bg-stone-100 dark:hover:bg-stone-800"
            >
              <ChevronLeft aria-hidden="true" className="h-5 w-5" />
            </button>
            <button
              type="button"
              aria-label="Next month"
              aria-disabled={offset === 0}
              onClick={() => offset < 0 && setOffset(offset + 1)}
              className="inline-flex h-9 w-9 items-center justify-center rounded-lg hover:bg-stone-100 aria-disabled:opacity-40 dark:hover:bg-stone-800"
            >
              <ChevronRight aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
        </div>
        {shown.query.isPending ? (
          <Spinner label="Loading the month" />
        ) : shown.query.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            The calendar could not be loaded. Please try again.
          </p>
        ) : (
          <MonthTable month={month} today={props.today} kept={shown.kept} />
        )}
      </section>
    </Dialog>
  );
}

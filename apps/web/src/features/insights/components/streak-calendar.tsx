import { Flame } from "lucide-react";
import { WEEKDAY_NAMES } from "@shepherd/shared/dates";
import { calendarMonths, dayLabel, type CalendarDay, type StreakCalendar } from "@shepherd/shared/insights";
import { cn } from "@/lib/cn";

const WEEKDAYS = WEEKDAY_NAMES.map((name) => [name.charAt(0), name] as const);

function describe(day: CalendarDay): string {
  const what = day.future
    ? "still to come"
    : day.devotional && day.checkin
      ? "devotional and check-in"
      : day.devotional
        ? "devotional completed"
        : day.checkin
          ? "checked in"
          : "nothing recorded";
  return `${dayLabel(day.date)}: ${what}${day.streak ? ", part of your current streak" : ""}${day.today ? " (today)" : ""}`;
}

/** A kept day is a filled circle; days in a row join into one band; the current streak is gold; today has a ring. */
function DayCell({ day, compact }: { day: CalendarDay; compact: boolean }) {
  const joinLeft = day.run === "middle" || day.run === "end";
  const joinRight = day.run === "middle" || day.run === "start";
  return (
    <td className="relative p-0 text-center">
      {joinLeft || joinRight ? (
        <span
          aria-hidden="true"
          className={cn(
            "absolute",
            compact ? "inset-y-0.5" : "inset-y-1",
            day.streak ? "bg-gold-300/70 dark:bg-gold-600/40" : "bg-pasture-200 dark:bg-pasture-800",
            joinLeft ? "left-0" : "left-1/2",
            joinRight ? "right-0" : "right-1/2",
          )}
        />
      ) : null}
      <span
        aria-hidden="true"
        className={cn(
          "relative mx-auto flex items-center justify-center rounded-full tabular-nums",
          compact ? "h-4 w-4" : "h-7 w-7 text-xs",
          compact && !day.done && !day.today && "bg-stone-100 dark:bg-stone-800",
          day.done
            ? day.streak
              ? "bg-gold-400 font-semibold text-pasture-900"
              : "bg-pasture-700 font-semibold text-white dark:bg-pasture-500"
            : day.future
              ? "text-stone-500 dark:text-stone-400"
              : "text-stone-800 dark:text-stone-200",
          day.today && "ring-2 ring-pasture-700 ring-offset-1 ring-offset-white dark:ring-gold-300 dark:ring-offset-stone-900",
        )}
      >
        {compact ? null : Number(day.date.slice(8))}
      </span>
      <span className="sr-only">{describe(day)}</span>
    </td>
  );
}

/**
 * The streak calendar: a month grid per month of the range, Sunday first, with the current streak above it (left out
 * for an insight's past period, whose streak then is not kept). A year's
 * months are drawn small, as dots without their numbers (each day still says what it was to a screen reader).
 */
export function StreakCalendarView({ calendar, streak = true }: { calendar: StreakCalendar; streak?: boolean }) {
  const months = calendarMonths(calendar.days);
  const compact = months.length > 4;
  return (
    <div className="space-y-4">
      {streak ? (
        <p className="flex items-center gap-2 font-medium">
          <Flame aria-hidden="true" className="h-5 w-5 text-gold-600 dark:text-gold-300" />
          <span data-testid="insights-streak">
            {calendar.current} {calendar.current === 1 ? "day" : "days"} streak
          </span>
        </p>
      ) : null}
      <div
        className={cn(
          "grid gap-x-6 gap-y-4",
          compact ? "grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))]" : "grid-cols-[repeat(auto-fill,minmax(14rem,1fr))]",
        )}
      >
        {months.map((month) => (
          <table key={month.month} className="w-full table-fixed border-collapse">
            <caption className="pb-1 text-left text-sm font-medium">{month.label}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map(([short, name]) => (
                  <th key={name} scope="col" abbr={name} className="pb-1 text-xs font-normal text-stone-600 dark:text-stone-400">
                    {short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {month.weeks.map((week, w) => (
                <tr key={w}>
                  {week.map((day, d) => (day ? <DayCell key={day.date} day={day} compact={compact} /> : <td key={d} />))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700 dark:text-stone-300">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full bg-pasture-700 dark:bg-pasture-500" />A day with a
          devotional or a check-in
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full bg-gold-400" />
          Your current streak
        </li>
      </ul>
    </div>
  );
}

/**
 * The streak calendar's days: this week and this month as his own dates (YYYY-MM-DD, the server's `date`), counted in
 * UTC so no browser time zone moves a day. Weeks start on Sunday, as everywhere in Shepherd (`weekStartOf`).
 */

import { addDays, weekStartOf } from "@shepherd/shared/dates";

export const DAYS_IN_WEEK = 7;

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export { addDays };

/** The seven dates, Sunday to Saturday, of the week that holds `date`. */
export function weekOf(date: string): string[] {
  const sunday = weekStartOf(date);
  return Array.from({ length: DAYS_IN_WEEK }, (_, i) => addDays(sunday, i));
}

/** "2026-06" for any date in June 2026. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The first day of the month `offset` months from the month that holds `date`. */
export function shiftMonth(date: string, offset: number): string {
  const d = utc(`${monthOf(date)}-01`);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return iso(d);
}

/**
 * A month as a calendar page: whole weeks, Sunday first, from the week of the 1st to the week of the last day (four to
 * six rows). Days of the months either side fill the first and last rows; `inMonth` tells them apart.
 */
export function monthGrid(date: string): { month: string; weeks: Array<Array<{ date: string; inMonth: boolean }>> } {
  const month = monthOf(date);
  const first = `${month}-01`;
  const last = addDays(shiftMonth(first, 1), -1);
  const weeks: Array<Array<{ date: string; inMonth: boolean }>> = [];
  for (let sunday = weekOf(first)[0]!; sunday <= last; sunday = addDays(sunday, DAYS_IN_WEEK)) {
    weeks.push(weekOf(sunday).map((d) => ({ date: d, inMonth: monthOf(d) === month })));
  }
  return { month, weeks };
}

/** The dates a month's page shows, first to last: what the calendar asks the server for (at most 42 days). */
export function monthGridRange(date: string): { from: string; to: string } {
  const { weeks } = monthGrid(date);
  return { from: weeks[0]![0]!.date, to: weeks[weeks.length - 1]![DAYS_IN_WEEK - 1]!.date };
}

export type DayState = "kept" | "missed" | "open" | "future";

/**
 * How a day shows: kept (a devotional completed or a check-in made), missed (a past day with neither), open (today,
 * not kept yet) or future.
 */
export function dayState(date: string, today: string, kept: ReadonlySet<string>): DayState {
  if (kept.has(date)) return "kept";
  if (date === today) return "open";
  return date < today ? "missed" : "future";
}

/** What the streak pill says: a new member is invited to begin, never told "0 days". */
export function streakLabel(streak: number): string {
  if (streak <= 0) return "Start your streak today";
  return `${streak} day${streak === 1 ? "" : "s"} streak`;
}

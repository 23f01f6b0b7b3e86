/**
 * Arithmetic on calendar dates written YYYY-MM-DD (a member's own dates), counted in UTC so no time zone moves a day.
 * No dependencies: The Path, Today's streak calendar and the insights chunk all use it.
 */

export const DAY_MS = 86_400_000;

/** `date` moved by `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Weeks run Sunday to Saturday everywhere in Shepherd (Today's week and calendar, the insights' weeks and ranges): the
 * Lord's day first, as American calendars print them.
 */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay(); // Sunday 0 ... Saturday 6
}

/** The Sunday that begins the week a date is in. */
export function weekStartOf(date: string): string {
  return addDays(date, -weekdayOf(date));
}

/** The Saturday that ends the week a date is in. */
export function weekEndOf(date: string): string {
  return addDays(weekStartOf(date), 6);
}

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "November 2026" for "2026-11". */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTH_NAMES[Number(m) - 1]} ${year}`;
}

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/**
 * "Friday, November 27" for one of his dates. Written out here, not by Intl: Shepherd speaks English throughout, and a
 * page's first Intl formatter loads the browser's locale data, 40 to 170 ms of a phone's main thread before Today shows.
 */
export function longDateLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAY_NAMES[d.getUTCDay()]}, ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** "F" for a Friday: a week strip's column heading. */
export function weekdayLetter(date: string): string {
  return WEEKDAY_NAMES[weekdayOf(date)]!.charAt(0);
}

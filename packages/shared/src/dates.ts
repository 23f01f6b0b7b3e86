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

/**
 * When a member's daily reminder is due: his local time of day (HH:MM) on one of his weekdays, in his profile's time
 * zone, daylight saving included (the IANA rules in Node's ICU). On the day clocks go forward, a time inside the
 * skipped hour does not occur, so no reminder is due that day; on the day they go back, a time inside the repeated
 * hour occurs twice and the "sent" record (one per member and local date) keeps it to one reminder.
 */

export interface LocalMinute {
  /** The local date, YYYY-MM-DD. */
  date: string;
  /** The local time of day, HH:MM (24 hours). */
  time: string;
  /** 0 (Sunday) to 6 (Saturday). */
  weekday: number;
}

export interface ReminderSchedule {
  enabled: boolean;
  timeOfDay: string;
  weekdays: readonly number[];
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
      hourCycle: "h23",
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The start of the UTC minute an instant falls in. */
export function minuteStart(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / 60_000) * 60_000);
}

/** What the clock and calendar say in `timeZone` at `instant`; null for a time zone Node does not know. */
export function localMinute(instant: Date, timeZone: string): LocalMinute | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(timeZone).formatToParts(instant);
  } catch {
    return null;
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    time: `${get("hour")}:${get("minute")}`,
    weekday: WEEKDAYS[get("weekday")] ?? -1,
  };
}

/** Whether a member with these settings in this time zone is due at the UTC minute `instant` falls in. */
export function isDue(settings: ReminderSchedule, timeZone: string, instant: Date): boolean {
  if (!settings.enabled) return false;
  const local = localMinute(instant, timeZone);
  return local !== null && local.time === settings.timeOfDay && settings.weekdays.includes(local.weekday);
}

/**
 * When a member's daily reminder is due: his local time of day (HH:MM) on one of his weekdays, in his profile's time
 * zone, daylight saving included (the IANA rules in Node's ICU). On the day clocks go forward, a time inside the
 * skipped hour does not occur: it is due at the first minute after the gap (02:30 in New York on 8 March 2026 is due
 * at 03:00 EDT). On the day they go back, a time inside the repeated hour occurs twice and the "sent" record (one per
 * member and local date) keeps it to one reminder.
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

/** The local times of day due at one UTC minute in one zone: those after `after` up to and including `time`. */
export interface DueWindow extends LocalMinute {
  /** Exclusive lower bound, HH:MM ("" before 00:00). Normally the minute before `time`; before a gap, its start. */
  after: string;
}

function minuteBefore(time: string): string {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const minutes = h * 60 + m - 1;
  if (minutes < 0) return "";
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The times of day due at the UTC minute `instant` falls in: that minute's local time, and when the clock jumped
 * forward into it (a daylight saving gap), every time the jump skipped that day too. Null for an unknown time zone.
 */
export function dueWindow(instant: Date, timeZone: string): DueWindow | null {
  const minute = minuteStart(instant);
  const local = localMinute(minute, timeZone);
  const before = localMinute(new Date(minute.getTime() - 60_000), timeZone);
  if (!local || !before) return null;
  let after: string;
  // A new day (midnight, or a gap across it): from the day's start. The clock went back: only this minute's own time.
  if (before.date !== local.date) after = before.date < local.date ? "" : minuteBefore(local.time);
  else after = before.time < local.time ? before.time : minuteBefore(local.time);
  return { ...local, after };
}

/** Whether a member with these settings in this time zone is due at the UTC minute `instant` falls in. */
export function isDue(settings: ReminderSchedule, timeZone: string, instant: Date): boolean {
  if (!settings.enabled) return false;
  const window = dueWindow(instant, timeZone);
  return (
    window !== null &&
    settings.timeOfDay > window.after &&
    settings.timeOfDay <= window.time &&
    settings.weekdays.includes(window.weekday)
  );
}

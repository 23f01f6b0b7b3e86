import { addDays, daysBetween, monthLabel, MONTH_NAMES, WEEKDAY_NAMES, weekdayOf, weekEndOf, weekStartOf } from "./dates";

export { weekEndOf, weekStartOf };
import { FOCUS_THEME_IDS, type FocusThemeId } from "./themes";
import { MOODS, STREAK_LOOKBACK_DAYS, type Mood } from "./today";

/**
 * Insights (`/insights`): what a man's check-ins, devotionals and journal add up to over time, and the reflections
 * written from them. The statistics live here once, pure, so the charts (web) and the insight writers (server) read
 * the same numbers. Every date is the member's own date (YYYY-MM-DD in his time zone), as Today stores them. The design
 * is in docs/insights.md.
 */

/** The chart ranges: whole weeks (Sunday to Saturday) ending with this week, so weekly numbers never cut a week in two. */
export const INSIGHT_RANGES = [
  { id: "4w", label: "4 weeks", weeks: 4 },
  { id: "3m", label: "3 months", weeks: 13 },
  { id: "1y", label: "A year", weeks: 52 },
] as const;
export type InsightRangeId = (typeof INSIGHT_RANGES)[number]["id"];
export const INSIGHT_RANGE_IDS = INSIGHT_RANGES.map((r) => r.id) as [InsightRangeId, ...InsightRangeId[]];
export const DEFAULT_INSIGHT_RANGE: InsightRangeId = "4w";

/** What an insight looks back on: the last 7 or 30 days, today included, beside the same number of days before. */
export const INSIGHT_PERIODS = [
  { id: "week", label: "This week", noun: "week", days: 7 },
  { id: "month", label: "This month", noun: "month", days: 30 },
] as const;
export type InsightPeriodId = (typeof INSIGHT_PERIODS)[number]["id"];
export const INSIGHT_PERIOD_IDS = INSIGHT_PERIODS.map((p) => p.id) as [InsightPeriodId, ...InsightPeriodId[]];

/** Spec section 4's label bands as ranges of the 0-100 connection value (the connection chart's background). */
export const CONNECTION_BANDS = [
  { label: "Lost Sheep", from: 0, to: 12 },
  { label: "Hearing His Voice", from: 13, to: 37 },
  { label: "Following", from: 38, to: 62 },
  { label: "In the Flock", from: 63, to: 87 },
  { label: "Green Pastures", from: 88, to: 100 },
] as const;

/** A mood as a number for averages: struggling 0, neutral 1, good 2, great 3. */
export function moodScore(mood: Mood): number {
  return MOODS.indexOf(mood);
}

/** The mood an average score is nearest to. */
export function moodNear(score: number): Mood {
  return MOODS[Math.min(MOODS.length - 1, Math.max(0, Math.round(score)))]!;
}

/** One of his days, as the charts see it. */
export interface InsightDay {
  date: string;
  /** The connection slider of that day (when he moved it), else his check-in's value; null when neither. */
  connection: number | null;
  /** His check-in's mood; null without a check-in. */
  mood: Mood | null;
  /** His check-in's focus areas. */
  focus_areas: FocusThemeId[];
  devotional_completed: boolean;
  checked_in: boolean;
  journal_entries: number;
}

/** GET /api/insights/data: his days of one range (only the days with something in them), and his streak. */
export interface InsightsData {
  range: InsightRangeId;
  /** His today, in his time zone. */
  today: string;
  time_zone: string;
  /** The Sunday the range starts on. */
  from: string;
  days: InsightDay[];
  /** Spec section 4's streak, as Today shows it. */
  streak: number;
}

// ---- dates (YYYY-MM-DD, calendar arithmetic in UTC so no clock change moves a day) ----

/** A range's first day (a Sunday: weeks run Sunday to Saturday, dates.ts) and last (his today). */
export function rangeBounds(range: InsightRangeId, today: string): { from: string; to: string; weeks: number } {
  const weeks = INSIGHT_RANGES.find((r) => r.id === range)!.weeks;
  return { from: addDays(weekStartOf(today), -7 * (weeks - 1)), to: today, weeks };
}

/** A period's days (today included) and the same number of days before them. */
export function periodBounds(
  period: InsightPeriodId,
  today: string,
): { from: string; to: string; previousFrom: string; previousTo: string; days: number } {
  const days = INSIGHT_PERIODS.find((p) => p.id === period)!.days;
  const from = addDays(today, -(days - 1));
  return { from, to: today, previousFrom: addDays(from, -days), previousTo: addDays(from, -1), days };
}

export function emptyDay(date: string): InsightDay {
  return {
    date,
    connection: null,
    mood: null,
    focus_areas: [],
    devotional_completed: false,
    checked_in: false,
    journal_entries: 0,
  };
}

/** Every day from `from` to `to`, the days he left empty included, in order. */
export function fillDays(days: readonly InsightDay[], from: string, to: string): InsightDay[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const result: InsightDay[] = [];
  for (let i = 0, n = daysBetween(from, to); i <= n; i++) {
    const date = addDays(from, i);
    result.push(byDate.get(date) ?? emptyDay(date));
  }
  return result;
}

/** Spec section 4: a day counts for the streak if a devotional was completed or a check-in was made. */
export function isDoneDay(day: InsightDay): boolean {
  return day.devotional_completed || day.checked_in;
}

// ---- the streak ----

/**
 * Spec section 4's streak from his runs of kept days ([first, last], any order): the run holding today or yesterday,
 * counted from its start or 365 days back, to today at most; 0 when no run holds either. The same count as the server's
 * `streakSql`.
 */
export function streakFromRuns(runs: Iterable<readonly [string, string]>, today: string): number {
  const yesterday = addDays(today, -1);
  const windowStart = addDays(today, -(STREAK_LOOKBACK_DAYS - 1));
  for (const [first, last] of runs) {
    if (first > today || last < yesterday) continue;
    const end = last < today ? last : today;
    const start = first > windowStart ? first : windowStart;
    return daysBetween(start, end) + 1;
  }
  return 0;
}

/** Where a done day sits in its run of consecutive done days (the calendar joins a run into one band). */
export type RunPosition = "single" | "start" | "middle" | "end";

export interface CalendarDay {
  date: string;
  done: boolean;
  devotional: boolean;
  checkin: boolean;
  run: RunPosition | null;
  /** Part of the current streak. */
  streak: boolean;
  today: boolean;
  /** After his today (the rest of this week). */
  future: boolean;
}

export interface StreakCalendar {
  days: CalendarDay[];
  current: number;
  /** The longest run of done days inside the range. */
  longest: number;
  doneDays: number;
  /** Days of the range up to today. */
  totalDays: number;
}

/**
 * The streak calendar of a range: each day done or not (and by what), its place in a run, the current streak (given:
 * it can reach back before the range) marked on its days, and the longest run inside the range.
 */
export function streakCalendar(days: readonly InsightDay[], today: string, current: number): StreakCalendar {
  const doneOf = (d: InsightDay | undefined) => Boolean(d && d.date <= today && isDoneDay(d));
  const streakEnd = days.some((d) => d.date === today && isDoneDay(d)) ? today : addDays(today, -1);
  const streakStart = addDays(streakEnd, -(current - 1));
  let longest = 0;
  let run = 0;
  let doneDays = 0;
  let totalDays = 0;
  const result = days.map((day, i): CalendarDay => {
    const done = doneOf(day);
    if (day.date <= today) totalDays += 1;
    if (done) {
      doneDays += 1;
      run += 1;
      longest = Math.max(longest, run);
    } else run = 0;
    const before = doneOf(days[i - 1]);
    const after = doneOf(days[i + 1]);
    return {
      date: day.date,
      done,
      devotional: day.devotional_completed,
      checkin: day.checked_in,
      run: !done ? null : before && after ? "middle" : before ? "end" : after ? "start" : "single",
      streak: done && current > 0 && day.date >= streakStart && day.date <= streakEnd,
      today: day.date === today,
      future: day.date > today,
    };
  });
  return { days: result, current, longest, doneDays, totalDays };
}

/** "Mon 3 Nov" for a date. */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = WEEKDAY_NAMES[d.getUTCDay()]!.slice(0, 3);
  return `${weekday} ${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]!.slice(0, 3)}`;
}

/** "3 Nov" for a date. */
export function shortDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]!.slice(0, 3)}`;
}

export interface CalendarMonth {
  /** "2026-11" */
  month: string;
  label: string;
  /** Sunday-first weeks; null where a week reaches outside this month or the range. */
  weeks: Array<Array<CalendarDay | null>>;
}

/** The calendar's days laid out as month grids, Sunday first, like Today's calendar. */
export function calendarMonths(days: readonly CalendarDay[]): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  for (const day of days) {
    const month = day.date.slice(0, 7);
    let current = months.at(-1);
    if (!current || current.month !== month) {
      current = { month, label: monthLabel(month), weeks: [] };
      months.push(current);
    }
    const weekday = weekdayOf(day.date);
    let week = current.weeks.at(-1);
    if (!week || weekday === 0) {
      week = Array.from({ length: 7 }, () => null);
      current.weeks.push(week);
    }
    week[weekday] = day;
  }
  return months;
}

// ---- weeks ----

export interface WeekStats {
  /** The week's Sunday. */
  weekStart: string;
  /** Days of the week up to today. */
  days: number;
  doneDays: number;
  connectionAverage: number | null;
  /** 0 (struggling) to 3 (great). */
  moodAverage: number | null;
  moodCounts: Record<Mood, number>;
  journalEntries: number;
  focusCounts: Record<FocusThemeId, number>;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

const average = (values: number[]): number | null =>
  values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : null;

function zeroMoods(): Record<Mood, number> {
  return Object.fromEntries(MOODS.map((m) => [m, 0])) as Record<Mood, number>;
}

function zeroFocus(): Record<FocusThemeId, number> {
  return Object.fromEntries(FOCUS_THEME_IDS.map((f) => [f, 0])) as Record<FocusThemeId, number>;
}

/**
 * Per week (Sunday to Saturday of his own dates): the averages of the days that have a value (connection to one
 * decimal, mood to two), and the counts. Days after today do not count. Weeks come in order, none skipped.
 */
export function weeklyStats(days: readonly InsightDay[], today: string): WeekStats[] {
  const weeks = new Map<string, InsightDay[]>();
  for (const day of days) {
    const start = weekStartOf(day.date);
    if (!weeks.has(start)) weeks.set(start, []);
    if (day.date <= today) weeks.get(start)!.push(day);
  }
  return [...weeks].map(([weekStart, list]) => {
    const connection = average(list.flatMap((d) => (d.connection === null ? [] : [d.connection])));
    const mood = average(list.flatMap((d) => (d.mood === null ? [] : [moodScore(d.mood)])));
    const moodCounts = zeroMoods();
    const focusCounts = zeroFocus();
    for (const d of list) {
      if (d.mood) moodCounts[d.mood] += 1;
      for (const f of d.focus_areas) if (f in focusCounts) focusCounts[f] += 1;
    }
    return {
      weekStart,
      days: list.length,
      doneDays: list.filter(isDoneDay).length,
      connectionAverage: connection === null ? null : round(connection, 1),
      moodAverage: mood === null ? null : round(mood, 2),
      moodCounts,
      journalEntries: list.reduce((n, d) => n + d.journal_entries, 0),
      focusCounts,
    };
  });
}

// ---- trends ----

export type TrendDirection = "up" | "down" | "steady";

export interface Trend {
  direction: TrendDirection;
  /** The change the least-squares line makes from the first value to the last (null with fewer than two values). */
  change: number | null;
}

/**
 * Which way a series goes: the least-squares line through its values (nulls are gaps, not zeros), and how far it moves
 * from the first value to the last; "steady" unless that is at least `threshold`.
 */
export function trendOf(values: ReadonlyArray<number | null>, threshold: number): Trend {
  const points = values.flatMap((y, x) => (y === null ? [] : [[x, y] as const]));
  if (points.length < 2) return { direction: "steady", change: null };
  const n = points.length;
  const meanX = points.reduce((s, [x]) => s + x, 0) / n;
  const meanY = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - meanX) ** 2, 0);
  const sxy = points.reduce((s, [x, y]) => s + (x - meanX) * (y - meanY), 0);
  const change = round((sxy / sxx) * (points[n - 1]![0] - points[0]![0]), 2);
  const direction = Math.abs(change) < threshold ? "steady" : change > 0 ? "up" : "down";
  return { direction, change };
}

/** How far a value must move before a trend or a change is "up" or "down". */
export const TREND_THRESHOLDS = { connection: 5, mood: 0.25 } as const;

// ---- a period, for an insight ----

export interface PeriodStats {
  from: string;
  to: string;
  days: number;
  doneDays: number;
  devotionalsCompleted: number;
  checkins: number;
  journalEntries: number;
  connectionAverage: number | null;
  moodAverage: number | null;
  moodCounts: Record<Mood, number>;
  focusCounts: Record<FocusThemeId, number>;
  /** The longest run of done days inside the period. */
  longestRun: number;
}

/** The numbers of one period (the days from `from` to `to`, filled or sparse). */
export function periodStats(days: readonly InsightDay[], from: string, to: string): PeriodStats {
  const list = fillDays(
    days.filter((d) => d.date >= from && d.date <= to),
    from,
    to,
  );
  const connection = average(list.flatMap((d) => (d.connection === null ? [] : [d.connection])));
  const mood = average(list.flatMap((d) => (d.mood === null ? [] : [moodScore(d.mood)])));
  const moodCounts = zeroMoods();
  const focusCounts = zeroFocus();
  let run = 0;
  let longestRun = 0;
  for (const d of list) {
    if (d.mood) moodCounts[d.mood] += 1;
    for (const f of d.focus_areas) if (f in focusCounts) focusCounts[f] += 1;
    run = isDoneDay(d) ? run + 1 : 0;
    longestRun = Math.max(longestRun, run);
  }
  return {
    from,
    to,
    days: list.length,
    doneDays: list.filter(isDoneDay).length,
    devotionalsCompleted: list.filter((d) => d.devotional_completed).length,
    checkins: list.filter((d) => d.checked_in).length,
    journalEntries: list.reduce((n, d) => n + d.journal_entries, 0),
    connectionAverage: connection === null ? null : round(connection, 1),
    moodAverage: mood === null ? null : round(mood, 2),
    moodCounts,
    focusCounts,
    longestRun,
  };
}

export type InsightMetric = "connection" | "mood" | "doneDays" | "checkins" | "journalEntries";

export interface MetricChange {
  metric: InsightMetric;
  current: number | null;
  previous: number | null;
  direction: TrendDirection;
}

/** Counts must move by at least this share of the larger one (and at least 1) to rise or fall. */
const COUNT_CHANGE_SHARE = 0.15;

/**
 * What rose and what fell from the previous period to this one. An average with no value on either side is "steady"
 * (nothing to compare); counts compare as they are (both periods have the same number of days).
 */
export function compareStats(current: PeriodStats, previous: PeriodStats): MetricChange[] {
  const averaged = (metric: InsightMetric, a: number | null, b: number | null, threshold: number): MetricChange => ({
    metric,
    current: a,
    previous: b,
    direction: a === null || b === null || Math.abs(a - b) < threshold ? "steady" : a > b ? "up" : "down",
  });
  const counted = (metric: InsightMetric, a: number, b: number): MetricChange => ({
    metric,
    current: a,
    previous: b,
    direction: Math.abs(a - b) < Math.max(1, Math.max(a, b) * COUNT_CHANGE_SHARE) ? "steady" : a > b ? "up" : "down",
  });
  return [
    averaged("connection", current.connectionAverage, previous.connectionAverage, TREND_THRESHOLDS.connection),
    averaged("mood", current.moodAverage, previous.moodAverage, TREND_THRESHOLDS.mood),
    counted("doneDays", current.doneDays, previous.doneDays),
    counted("checkins", current.checkins, previous.checkins),
    counted("journalEntries", current.journalEntries, previous.journalEntries),
  ];
}

/** The focus areas he chose most in a period, most first (ties in the list's order), leaving out the unchosen. */
export function topFocusAreas(counts: Record<FocusThemeId, number>, limit = 3): Array<{ id: FocusThemeId; count: number }> {
  return FOCUS_THEME_IDS.map((id) => ({ id, count: counts[id] ?? 0 }))
    .filter((f) => f.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, limit);
}

// ---- insights as the API answers them ----

/** What an insight keeps of the charts as they were when it was written: the days of its period and the one before. */
export interface InsightSnapshot {
  period: InsightPeriodId;
  from: string;
  to: string;
  previous_from: string;
  days: InsightDay[];
}

export interface InsightSummary {
  id: string;
  period: InsightPeriodId;
  period_start: string;
  period_end: string;
  headline: string;
  /** "composer" (written offline from the library) or "openai" (a configured model). */
  source: string;
  /** Words of self-harm were in the period: nothing went to a model and the care card shows beside it. */
  care: boolean;
  created_at: string;
}

export interface Insight extends InsightSummary {
  rose: string;
  fell: string;
  themes: string;
  encouragement: string;
  scripture_reference: string;
  /** The passage in the World English Bible, quoted from the shipped text. */
  scripture_text: string;
  snapshot: InsightSnapshot;
}

export interface InsightPage {
  insights: InsightSummary[];
  next_before: string | null;
}

/** POST /api/insights: the insight, and whether the care card shows. */
export interface GeneratedInsight {
  insight: Insight;
  care: boolean;
}

import {
  fillDays,
  moodNear,
  periodStats,
  shortDate,
  streakCalendar,
  topFocusAreas,
  trendOf,
  TREND_THRESHOLDS,
  weeklyStats,
  weekEndOf,
  weekStartOf,
  dayLabel,
  type InsightDay,
  type InsightSnapshot,
  type InsightsData,
  type StreakCalendar,
  type WeekStats,
} from "@shepherd/shared/insights";
import { FOCUS_THEMES, type FocusThemeId } from "@shepherd/shared/themes";
import { connectionLabel, MOODS } from "@shepherd/shared/today";

/**
 * What each chart of /insights shows, worked out without drawing anything: its points, the sentence that says what it
 * shows (beside the chart, for everyone and for screen readers), and the same numbers as a table. The chart
 * components only draw what is here.
 */

export interface ChartTable {
  caption: string;
  columns: string[];
  rows: Array<Array<string | number>>;
}

export interface ChartModel<P> {
  summary: string;
  table: ChartTable;
  points: P;
  /** Nothing to draw yet. */
  empty: boolean;
}

/** Seconds since 1970 of a date's UTC midnight: the charts' x values (drawn in UTC, so no zone moves a day). */
export const timestampOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const round = (n: number) => Math.round(n);

function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

// ---- connection (daily) ----

export interface ConnectionPoints {
  x: number[];
  y: Array<number | null>;
}

/** The connection value day by day, with the label bands behind it. `phrase`: "these 4 weeks", "this week". */
export function connectionChart(days: readonly InsightDay[], phrase: string, weekly = false): ChartModel<ConnectionPoints> {
  const set = days.filter((d) => d.connection !== null);
  const points = { x: days.map((d) => timestampOf(d.date)), y: days.map((d) => d.connection) };
  const caption = `Connection with God, ${phrase}`;
  if (set.length === 0) {
    return {
      summary: `No connection set in ${phrase} yet. Move the slider on Today and it shows here.`,
      table: { caption, columns: ["Day", "Connection"], rows: [] },
      points,
      empty: true,
    };
  }
  const average = set.reduce((n, d) => n + d.connection!, 0) / set.length;
  const high = set.reduce((a, b) => (b.connection! > a.connection! ? b : a));
  const low = set.reduce((a, b) => (b.connection! < a.connection! ? b : a));
  const trend = trendOf(
    days.map((d) => d.connection),
    TREND_THRESHOLDS.connection,
  );
  const moved =
    trend.direction === "up"
      ? ` It rose by about ${round(trend.change!)} points.`
      : trend.direction === "down"
        ? ` It fell by about ${round(-trend.change!)} points.`
        : set.length > 1
          ? " It held steady."
          : "";
  const summary =
    `In ${phrase} your connection averaged ${round(average)} (${connectionLabel(round(average))}), set on ` +
    `${plural(set.length, "day")}.${moved}` +
    (set.length > 1
      ? ` Highest ${high.connection} on ${dayLabel(high.date)}; lowest ${low.connection} on ${dayLabel(low.date)}.`
      : "");
  const table: ChartTable = weekly
    ? {
        caption: `${caption}, average per week`,
        columns: ["Week of", "Average", "Days set"],
        rows: weeklyStats(days, days.at(-1)?.date ?? "")
          .filter((w) => w.connectionAverage !== null)
          .map((w) => [
            shortDate(w.weekStart),
            `${round(w.connectionAverage!)} (${connectionLabel(round(w.connectionAverage!))})`,
            days.filter((d) => d.connection !== null && d.date >= w.weekStart && d.date <= weekEndOf(w.weekStart)).length,
          ]),
      }
    : {
        caption,
        columns: ["Day", "Connection"],
        rows: set.map((d) => [dayLabel(d.date), `${d.connection} (${connectionLabel(d.connection!)})`]),
      };
  return { summary, table, points, empty: false };
}

// ---- mood (weekly) ----

export interface WeeklyPoints {
  x: number[];
  y: Array<number | null>;
}

export function moodChart(weeks: readonly WeekStats[], phrase: string): ChartModel<WeeklyPoints> {
  const points = { x: weeks.map((w) => timestampOf(w.weekStart)), y: weeks.map((w) => w.moodAverage) };
  const caption = `Mood per week, ${phrase}`;
  const totals = Object.fromEntries(MOODS.map((m) => [m, weeks.reduce((n, w) => n + w.moodCounts[m], 0)]));
  const checkins = MOODS.reduce((n, m) => n + totals[m]!, 0);
  const table: ChartTable = {
    caption,
    columns: ["Week of", "Mostly", "Great", "Good", "Neutral", "Struggling"],
    rows: weeks
      .filter((w) => w.moodAverage !== null)
      .map((w) => [
        shortDate(w.weekStart),
        moodNear(w.moodAverage!),
        w.moodCounts.great,
        w.moodCounts.good,
        w.moodCounts.neutral,
        w.moodCounts.struggling,
      ]),
  };
  if (checkins === 0) {
    return { summary: `No check-ins in ${phrase} yet. Your mood from each check-in shows here.`, table, points, empty: true };
  }
  const counted = [...MOODS]
    .reverse()
    .filter((m) => totals[m]! > 0)
    .map((m) => `${totals[m]} ${m}`);
  const rated = weeks.filter((w) => w.moodAverage !== null);
  const first = moodNear(rated[0]!.moodAverage!);
  const last = moodNear(rated.at(-1)!.moodAverage!);
  const trend = trendOf(
    weeks.map((w) => w.moodAverage),
    TREND_THRESHOLDS.mood,
  );
  const through =
    rated.length < 2
      ? ""
      : trend.direction === "up"
        ? ` Through the weeks your mood lifted, from mostly ${first} to mostly ${last}.`
        : trend.direction === "down"
          ? ` Through the weeks your mood dipped, from mostly ${first} to mostly ${last}.`
          : ` Through the weeks it held, mostly ${last}.`;
  return {
    summary: `You checked in on ${plural(checkins, "day")}: ${listWords(counted)}.${through}`,
    table,
    points,
    empty: false,
  };
}

// ---- the streak calendar ----

export function calendarSummary(calendar: StreakCalendar, phrase: string): string {
  const current = `Current streak: ${plural(calendar.current, "day")}.`;
  if (calendar.doneDays === 0)
    return `${current} No days with a completed devotional or a check-in in ${phrase} yet; each one you keep shows here.`;
  return `${current} Longest run in ${phrase}: ${plural(calendar.longest, "day")}. ${plural(calendar.doneDays, "day")} with a completed devotional or a check-in.`;
}

export function calendarTable(calendar: StreakCalendar, phrase: string): ChartTable {
  const weeks = new Map<string, { done: number; devotionals: number; checkins: number }>();
  const first = calendar.days[0]?.date ?? "";
  for (const day of calendar.days) {
    if (day.future) continue;
    // The week's first day in the calendar (its Sunday, or the calendar's first day when that is later).
    const start = weekStartOf(day.date);
    const key = start < first ? first : start;
    const week = weeks.get(key) ?? { done: 0, devotionals: 0, checkins: 0 };
    if (day.done) week.done += 1;
    if (day.devotional) week.devotionals += 1;
    if (day.checkin) week.checkins += 1;
    weeks.set(key, week);
  }
  return {
    caption: `Days kept per week, ${phrase}`,
    columns: ["Week of", "Days kept", "Devotionals", "Check-ins"],
    rows: [...weeks].map(([start, w]) => [shortDate(start), w.done, w.devotionals, w.checkins]),
  };
}

// ---- focus areas (weekly, stacked) ----

export interface FocusPoints {
  x: number[];
  /** Per focus area, in FOCUS_THEMES order: its count each week. */
  series: Array<{ id: FocusThemeId; label: string; counts: number[] }>;
}

export function focusChart(weeks: readonly WeekStats[], phrase: string): ChartModel<FocusPoints> {
  const series = FOCUS_THEMES.map((t) => ({ id: t.id, label: t.label, counts: weeks.map((w) => w.focusCounts[t.id]) }));
  const points = { x: weeks.map((w) => timestampOf(w.weekStart)), series };
  const totals = Object.fromEntries(series.map((s) => [s.id, s.counts.reduce((a, b) => a + b, 0)])) as Record<
    FocusThemeId,
    number
  >;
  const top = topFocusAreas(totals, 3);
  const table: ChartTable = {
    caption: `Focus areas chosen per week, ${phrase}`,
    columns: ["Week of", ...FOCUS_THEMES.map((t) => t.label)],
    rows: weeks
      .filter((w) => Object.values(w.focusCounts).some((n) => n > 0))
      .map((w) => [shortDate(w.weekStart), ...FOCUS_THEMES.map((t) => w.focusCounts[t.id])]),
  };
  if (!top.length) {
    return { summary: `No focus areas chosen in check-ins in ${phrase} yet.`, table, points, empty: true };
  }
  const label = (id: FocusThemeId) => FOCUS_THEMES.find((t) => t.id === id)!.label;
  const [first, ...rest] = top;
  const others = rest.map((f) => `${label(f.id)} (${f.count})`);
  return {
    summary: `Most chosen in ${phrase}: ${label(first!.id)} (${plural(first!.count, "day")})${others.length ? `, then ${listWords(others)}` : ""}.`,
    table,
    points,
    empty: false,
  };
}

// ---- journal entries per week ----

export function journalChart(weeks: readonly WeekStats[], phrase: string): ChartModel<WeeklyPoints> {
  const points = { x: weeks.map((w) => timestampOf(w.weekStart)), y: weeks.map((w) => w.journalEntries) };
  const total = weeks.reduce((n, w) => n + w.journalEntries, 0);
  const table: ChartTable = {
    caption: `Journal entries per week, ${phrase}`,
    columns: ["Week of", "Entries"],
    rows: weeks.map((w) => [shortDate(w.weekStart), w.journalEntries]),
  };
  if (total === 0) return { summary: `No journal entries in ${phrase} yet.`, table, points, empty: true };
  const most = weeks.reduce((a, b) => (b.journalEntries > a.journalEntries ? b : a));
  const perWeek = Math.round((total / weeks.length) * 10) / 10;
  return {
    summary: `${plural(total, "journal entry", "journal entries")} in ${phrase}, about ${perWeek} a week. The most in one week: ${most.journalEntries}, the week of ${shortDate(most.weekStart)}.`,
    table,
    points,
    empty: false,
  };
}

// ---- a whole range, and an insight's snapshot ----

export const RANGE_PHRASES = { "4w": "these 4 weeks", "3m": "these 3 months", "1y": "this past year" } as const;

/** Every chart of the page for one range's data. */
export function rangeCharts(data: InsightsData) {
  const phrase = RANGE_PHRASES[data.range];
  // The calendar shows this week to its Saturday; the averages count only the days up to today.
  const days = fillDays(data.days, data.from, weekEndOf(data.today));
  const past = days.filter((d) => d.date <= data.today);
  const weeks = weeklyStats(days, data.today);
  const calendar = streakCalendar(days, data.today, data.streak);
  return {
    connection: connectionChart(past, phrase, data.range !== "4w"),
    mood: moodChart(weeks, phrase),
    calendar: { calendar, summary: calendarSummary(calendar, phrase), table: calendarTable(calendar, phrase) },
    focus: focusChart(weeks, phrase),
    journal: journalChart(weeks, phrase),
  };
}

/** The charts an insight was written from, as they were: its period's days, and its numbers beside the period before. */
export function snapshotCharts(snapshot: InsightSnapshot) {
  const phrase = snapshot.period === "week" ? "this week" : "this month";
  const days = fillDays(
    snapshot.days.filter((d) => d.date >= snapshot.from),
    snapshot.from,
    snapshot.to,
  );
  const calendar = streakCalendar(days, snapshot.to, 0);
  const current = periodStats(snapshot.days, snapshot.from, snapshot.to);
  const dayBefore = new Date(Date.parse(`${snapshot.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const previous = periodStats(snapshot.days, snapshot.previous_from, dayBefore);
  const mood = (v: number | null) => (v === null ? "none" : `mostly ${moodNear(v)}`);
  const connection = (v: number | null) => (v === null ? "not set" : String(Math.round(v)));
  const numbers: ChartTable = {
    caption: `${snapshot.period === "week" ? "This week" : "This month"} beside the ${snapshot.period} before`,
    columns: ["Measure", `This ${snapshot.period}`, `${snapshot.period === "week" ? "Week" : "Month"} before`],
    rows: [
      ["Days kept", current.doneDays, previous.doneDays],
      ["Devotionals", current.devotionalsCompleted, previous.devotionalsCompleted],
      ["Check-ins", current.checkins, previous.checkins],
      ["Journal entries", current.journalEntries, previous.journalEntries],
      ["Connection", connection(current.connectionAverage), connection(previous.connectionAverage)],
      ["Mood", mood(current.moodAverage), mood(previous.moodAverage)],
    ],
  };
  return {
    connection: connectionChart(days, phrase),
    calendar: {
      calendar,
      summary: `${plural(calendar.doneDays, "day")} with a completed devotional or a check-in ${phrase}; the longest run ${plural(calendar.longest, "day")}.`,
      table: calendarTable(calendar, phrase),
    },
    numbers,
  };
}

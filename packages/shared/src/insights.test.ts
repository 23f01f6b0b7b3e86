import { describe, expect, it } from "vitest";
import {
  calendarMonths,
  compareStats,
  CONNECTION_BANDS,
  streakFromRuns,
  emptyDay,
  fillDays,
  weekEndOf,
  weekStartOf,
  moodNear,
  periodBounds,
  periodStats,
  rangeBounds,
  streakCalendar,
  topFocusAreas,
  trendOf,
  weeklyStats,
  type InsightDay,
} from "./insights";
import { addDays } from "./path";
import { connectionLabel } from "./today";

const day = (date: string, fields: Partial<InsightDay> = {}): InsightDay => ({ ...emptyDay(date), ...fields });
const done = (date: string, fields: Partial<InsightDay> = {}) => day(date, { checked_in: true, mood: "good", ...fields });

describe("dates", () => {
  it("weeks run Sunday to Saturday, as on Today", () => {
    expect(weekStartOf("2026-11-22")).toBe("2026-11-22"); // a Sunday
    expect(weekStartOf("2026-11-28")).toBe("2026-11-22"); // its Saturday
    expect(weekEndOf("2026-11-22")).toBe("2026-11-28");
    expect(weekStartOf("2026-11-29")).toBe("2026-11-29");
    expect(weekStartOf("2027-01-01")).toBe("2026-12-27");
  });

  it("a range is whole weeks ending with this week; a period is its days and as many before", () => {
    expect(rangeBounds("4w", "2026-11-26")).toEqual({ from: "2026-11-01", to: "2026-11-26", weeks: 4 });
    expect(rangeBounds("3m", "2026-11-26").from).toBe("2026-08-30");
    expect(rangeBounds("1y", "2026-11-26").from).toBe("2025-11-30");
    expect(periodBounds("week", "2026-11-26")).toEqual({
      from: "2026-11-20",
      to: "2026-11-26",
      previousFrom: "2026-11-13",
      previousTo: "2026-11-19",
      days: 7,
    });
    expect(periodBounds("month", "2026-11-26")).toMatchObject({ from: "2026-10-28", previousFrom: "2026-09-28" });
  });

  it("fills the days he left empty", () => {
    const filled = fillDays([done("2026-11-03")], "2026-11-02", "2026-11-05");
    expect(filled.map((d) => [d.date, d.checked_in])).toEqual([
      ["2026-11-02", false],
      ["2026-11-03", true],
      ["2026-11-04", false],
      ["2026-11-05", false],
    ]);
  });
});

describe("the connection bands are spec section 4's label bands", () => {
  it("agree with connectionLabel at every value", () => {
    for (let value = 0; value <= 100; value++) {
      const band = CONNECTION_BANDS.find((b) => value >= b.from && value <= b.to);
      expect(band?.label, String(value)).toBe(connectionLabel(value));
    }
  });
});

describe("the streak (spec section 4) from his runs of kept days", () => {
  const today = "2026-11-26";
  /** The runs of consecutive days in a list of days, newest first (as the server reads them). */
  const runsOf = (days: string[]) => {
    const runs: Array<[string, string]> = [];
    for (const day of [...new Set(days)].sort()) {
      const last = runs.at(-1);
      if (last && addDays(last[1], 1) === day) last[1] = day;
      else runs.push([day, day]);
    }
    return runs.reverse();
  };
  const streak = (days: string[], on = today) => streakFromRuns(runsOf(days), on);

  it("counts back from today, or from yesterday when today is not done yet", () => {
    expect(streak(["2026-11-24", "2026-11-25", "2026-11-26"])).toBe(3);
    expect(streak(["2026-11-24", "2026-11-25"])).toBe(2);
    expect(streak(["2026-11-23", "2026-11-24"])).toBe(0);
    expect(streak(["2026-11-20", "2026-11-21", "2026-11-23", "2026-11-24", "2026-11-25"])).toBe(3);
    expect(streak([])).toBe(0);
  });

  it("looks back 365 days at most", () => {
    const year = Array.from({ length: 500 }, (_, i) => addDays(today, -i));
    expect(streak(year)).toBe(365);
    expect(streak(year, addDays(today, 1))).toBe(364);
    expect(streak(year.slice(0, 365))).toBe(365);
    expect(streak(year.slice(1, 366))).toBe(364);
  });

  it("ignores days after his today (he moved west across time zones), whatever order the runs come in", () => {
    expect(streak(["2026-11-27", "2026-11-25", "2026-11-26"])).toBe(2);
    expect(streak(["2026-11-28", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25"])).toBe(4);
    expect(
      streakFromRuns(
        [
          ["2026-11-28", "2026-11-29"],
          ["2026-11-20", "2026-11-26"],
        ],
        today,
      ),
    ).toBe(7);
    expect(
      streakFromRuns(
        [
          ["2026-11-20", "2026-11-26"],
          ["2026-11-28", "2026-11-29"],
        ],
        today,
      ),
    ).toBe(7);
  });
});

describe("the streak calendar", () => {
  const today = "2026-11-26"; // a Thursday
  const days = fillDays(
    [
      done("2026-11-02"),
      done("2026-11-03"),
      day("2026-11-04", { devotional_completed: true }),
      done("2026-11-10"),
      done("2026-11-20"),
      done("2026-11-21"),
      done("2026-11-22"),
      done("2026-11-23"),
      done("2026-11-24"),
      done("2026-11-25"),
    ],
    "2026-11-02",
    "2026-11-29",
  );

  it("marks done days, their runs, the current streak, today and the days still to come", () => {
    const calendar = streakCalendar(days, today, 6);
    const at = (date: string) => calendar.days.find((d) => d.date === date)!;
    expect(at("2026-11-02")).toMatchObject({ done: true, run: "start", streak: false });
    expect(at("2026-11-03")).toMatchObject({ run: "middle" });
    expect(at("2026-11-04")).toMatchObject({ done: true, devotional: true, checkin: false, run: "end" });
    expect(at("2026-11-10")).toMatchObject({ run: "single" });
    expect(at("2026-11-20")).toMatchObject({ streak: true, run: "start" });
    expect(at("2026-11-25")).toMatchObject({ streak: true, run: "end" });
    expect(at("2026-11-26")).toMatchObject({ done: false, today: true, future: false, streak: false });
    expect(at("2026-11-27")).toMatchObject({ future: true, done: false });
    expect(calendar).toMatchObject({ current: 6, longest: 6, doneDays: 10, totalDays: 25 });
  });

  it("a streak longer than the range marks every day of it that is in the range", () => {
    const calendar = streakCalendar(days, today, 40);
    expect(calendar.days.filter((d) => d.streak).map((d) => d.date)).toEqual([
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-10",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
    ]);
  });

  it("lays the days out as Sunday-first month grids", () => {
    const months = calendarMonths(streakCalendar(fillDays([], "2026-10-26", "2026-11-08"), "2026-11-08", 0).days);
    expect(months.map((m) => m.label)).toEqual(["October 2026", "November 2026"]);
    // 26 Oct 2026 is a Monday: October's one week runs Monday to Saturday the 31st; November starts on a Sunday.
    expect(months[0]!.weeks[0]!.map((d) => d?.date.slice(8) ?? null)).toEqual([null, "26", "27", "28", "29", "30", "31"]);
    expect(months[1]!.weeks[0]!.map((d) => d?.date.slice(8) ?? null)).toEqual(["01", "02", "03", "04", "05", "06", "07"]);
    expect(months[1]!.weeks[1]![0]!.date).toBe("2026-11-08");
  });
});

describe("averages per week (his own dates)", () => {
  const today = "2026-11-11"; // a Wednesday
  const days = fillDays(
    [
      day("2026-11-01", { connection: 40, mood: "neutral", checked_in: true, focus_areas: ["marriage", "work"] }),
      day("2026-11-02", { connection: 60, mood: "great", checked_in: true, focus_areas: ["marriage"], journal_entries: 2 }),
      day("2026-11-03", { devotional_completed: true }),
      day("2026-11-08", { connection: 71, checked_in: true, mood: "good" }),
      day("2026-11-09", { connection: 72, checked_in: true, mood: "good" }),
      day("2026-11-10", { connection: 74, journal_entries: 1 }),
    ],
    "2026-11-01",
    "2026-11-14",
  );

  it("averages only the days that have a value, and counts the rest", () => {
    const [first, second] = weeklyStats(days, today);
    expect(first).toMatchObject({
      weekStart: "2026-11-01",
      days: 7,
      doneDays: 3,
      connectionAverage: 50,
      moodAverage: 2, // neutral 1 and great 3
      journalEntries: 2,
    });
    expect(first!.moodCounts).toEqual({ struggling: 0, neutral: 1, good: 0, great: 1 });
    expect(first!.focusCounts).toMatchObject({ marriage: 2, work: 1, prayer: 0 });
    // This week so far: Sunday to Wednesday; 72.3 to one decimal.
    expect(second).toMatchObject({ weekStart: "2026-11-08", days: 4, connectionAverage: 72.3, moodAverage: 2 });
  });

  it("a week with nothing in it has no averages, not zeros", () => {
    const empty = weeklyStats(fillDays([], "2026-11-15", "2026-11-21"), "2026-11-21");
    expect(empty).toEqual([expect.objectContaining({ weekStart: "2026-11-15", connectionAverage: null, moodAverage: null })]);
  });

  it("the mood an average is nearest to", () => {
    expect(moodNear(0.4)).toBe("struggling");
    expect(moodNear(1.5)).toBe("good");
    expect(moodNear(3)).toBe("great");
  });
});

describe("trends", () => {
  it("follow the least-squares line, skipping gaps", () => {
    expect(trendOf([40, 45, null, 55, 60], 5)).toEqual({ direction: "up", change: 20 });
    expect(trendOf([60, 58, 57, 61, 59], 5).direction).toBe("steady");
    expect(trendOf([3, 2, 2, 1], 0.25).direction).toBe("down");
    expect(trendOf([null, 50, null], 5)).toEqual({ direction: "steady", change: null });
  });
});

describe("a period's numbers and what rose or fell", () => {
  const current = periodStats(
    [
      done("2026-11-20", { connection: 70, mood: "great", focus_areas: ["prayer"], journal_entries: 1 }),
      done("2026-11-21", { connection: 80, mood: "good", focus_areas: ["prayer", "work"], devotional_completed: true }),
      done("2026-11-22", { connection: 75, focus_areas: ["prayer"] }),
      day("2026-11-25", { journal_entries: 2 }),
    ],
    "2026-11-20",
    "2026-11-26",
  );
  const previous = periodStats(
    [done("2026-11-14", { connection: 50, mood: "neutral" }), done("2026-11-16", { connection: 55, mood: "neutral" })],
    "2026-11-13",
    "2026-11-19",
  );

  it("counts and averages the period", () => {
    expect(current).toMatchObject({
      days: 7,
      doneDays: 3,
      checkins: 3,
      devotionalsCompleted: 1,
      journalEntries: 3,
      connectionAverage: 75,
      longestRun: 3,
    });
    expect(topFocusAreas(current.focusCounts)).toEqual([
      { id: "prayer", count: 3 },
      { id: "work", count: 1 },
    ]);
  });

  it("says what rose, what fell and what held", () => {
    const changes = Object.fromEntries(compareStats(current, previous).map((c) => [c.metric, c.direction]));
    expect(changes).toEqual({ connection: "up", mood: "up", doneDays: "up", checkins: "up", journalEntries: "up" });
    const back = Object.fromEntries(compareStats(previous, current).map((c) => [c.metric, c.direction]));
    expect(back).toMatchObject({ connection: "down", journalEntries: "down" });
    const same = compareStats(current, current);
    expect(same.every((c) => c.direction === "steady")).toBe(true);
  });

  it("nothing to compare is steady, not a fall", () => {
    const empty = periodStats([], "2026-11-13", "2026-11-19");
    const connection = compareStats(current, empty).find((c) => c.metric === "connection")!;
    expect(connection).toEqual({ metric: "connection", current: 75, previous: null, direction: "steady" });
  });
});

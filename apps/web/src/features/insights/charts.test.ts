import { describe, expect, it } from "vitest";
import { emptyDay, type InsightDay, type InsightsData } from "@shepherd/shared/insights";
import { rangeCharts, snapshotCharts, timestampOf } from "./charts";

const day = (date: string, fields: Partial<InsightDay> = {}): InsightDay => ({ ...emptyDay(date), ...fields });

/** Four weeks to Thursday 26 Nov 2026, a member who checks in most days and whose connection climbs. */
const data: InsightsData = {
  range: "4w",
  today: "2026-11-26",
  time_zone: "America/Chicago",
  from: "2026-11-01",
  streak: 4,
  days: [
    day("2026-11-03", { connection: 40, mood: "neutral", checked_in: true, focus_areas: ["work"] }),
    day("2026-11-04", { connection: 45, mood: "neutral", checked_in: true, focus_areas: ["work", "prayer"], journal_entries: 1 }),
    day("2026-11-12", { devotional_completed: true, journal_entries: 2 }),
    day("2026-11-17", { connection: 60, mood: "good", checked_in: true, focus_areas: ["prayer"] }),
    day("2026-11-23", { connection: 70, mood: "great", checked_in: true, focus_areas: ["prayer", "marriage"] }),
    day("2026-11-24", { connection: 75, mood: "great", checked_in: true, focus_areas: ["prayer"], journal_entries: 1 }),
    day("2026-11-25", { connection: 80, mood: "good", checked_in: true, devotional_completed: true }),
    day("2026-11-26", { connection: 85, mood: "great", checked_in: true }),
  ],
};

describe("the charts of a range say what they show, in words and as a table", () => {
  const charts = rangeCharts(data);

  it("connection: the average and its band, how many days, the trend, the highest and lowest", () => {
    expect(charts.connection.summary).toBe(
      "In these 4 weeks your connection averaged 65 (In the Flock), set on 7 days. It rose by about 39 points. " +
        "Highest 85 on Thu 26 Nov; lowest 40 on Tue 3 Nov.",
    );
    expect(charts.connection.points.x[0]).toBe(timestampOf("2026-11-01"));
    expect(charts.connection.points.y).toHaveLength(26); // up to today
    expect(charts.connection.table.rows[0]).toEqual(["Tue 3 Nov", "40 (Following)"]);
    expect(charts.connection.table.rows).toHaveLength(7);
  });

  it("mood: the check-ins counted by mood, and how it moved through the weeks", () => {
    expect(charts.mood.summary).toBe(
      "You checked in on 7 days: 3 great, 2 good and 2 neutral. Through the weeks your mood lifted, from mostly neutral to mostly great.",
    );
    expect(charts.mood.table.columns).toEqual(["Week of", "Mostly", "Great", "Good", "Neutral", "Struggling"]);
    expect(charts.mood.table.rows[0]).toEqual(["1 Nov", "neutral", 0, 0, 2, 0]);
    expect(charts.mood.points.y).toEqual([1, null, 2, 2.75]);
  });

  it("the calendar: the streak, the longest run, the days kept, never a count of missed days", () => {
    expect(charts.calendar.summary).toBe(
      "Current streak: 4 days. Longest run in these 4 weeks: 4 days. 8 days with a completed devotional or a check-in.",
    );
    expect(charts.calendar.summary).not.toMatch(/miss/i);
    expect(charts.calendar.calendar.days).toHaveLength(28); // to this week's Saturday
    expect(charts.calendar.table.rows).toEqual([
      ["1 Nov", 2, 0, 2],
      ["8 Nov", 1, 1, 0],
      ["15 Nov", 1, 0, 1],
      ["22 Nov", 4, 1, 4],
    ]);
  });

  it("focus areas: the most chosen first", () => {
    expect(charts.focus.summary).toBe("Most chosen in these 4 weeks: Prayer Life (4 days), then Work (2) and Marriage (1).");
    expect(charts.focus.points.series.map((s) => s.id)).toHaveLength(8);
    expect(charts.focus.points.series.find((s) => s.id === "prayer")!.counts).toEqual([1, 0, 1, 2]);
  });

  it("journal: entries per week", () => {
    expect(charts.journal.summary).toBe(
      "4 journal entries in these 4 weeks, about 1 a week. The most in one week: 2, the week of 8 Nov.",
    );
    expect(charts.journal.points.y).toEqual([1, 2, 0, 1]);
  });

  it("a longer range's connection table is per week", () => {
    const year = rangeCharts({ ...data, range: "1y", from: "2025-11-30" });
    expect(year.connection.table.columns).toEqual(["Week of", "Average", "Days set"]);
    expect(year.connection.table.rows[0]).toEqual(["1 Nov", "43 (Following)", 2]);
    expect(year.connection.summary).toMatch(/^In this past year/);
  });

  it("an empty range says so, invitingly", () => {
    const empty = rangeCharts({ ...data, days: [], streak: 0 });
    expect(empty.connection).toMatchObject({ empty: true });
    expect(empty.connection.summary).toBe("No connection set in these 4 weeks yet. Move the slider on Today and it shows here.");
    expect(empty.mood.summary).toMatch(/^No check-ins in these 4 weeks yet/);
    expect(empty.calendar.summary).toMatch(/^Current streak: 0 days\. No days/);
    expect(empty.journal.empty).toBe(true);
    expect(empty.focus.empty).toBe(true);
  });
});

describe("an insight's snapshot", () => {
  it("draws its period and sets its numbers beside the period before", () => {
    const charts = snapshotCharts({
      period: "week",
      from: "2026-11-20",
      to: "2026-11-26",
      previous_from: "2026-11-13",
      days: data.days.filter((d) => d.date >= "2026-11-13"),
    });
    expect(charts.connection.points.x).toHaveLength(7);
    expect(charts.connection.summary).toMatch(/^In this week your connection averaged 78/);
    expect(charts.numbers.columns).toEqual(["Measure", "This week", "Week before"]);
    expect(charts.numbers.rows).toContainEqual(["Days kept", 4, 1]);
    expect(charts.numbers.rows).toContainEqual(["Connection", "78", "60"]);
    expect(charts.calendar.summary).toBe("4 days with a completed devotional or a check-in this week; the longest run 4 days.");
  });
});

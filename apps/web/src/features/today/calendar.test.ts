import { describe, expect, it } from "vitest";
import { weekdayOf } from "@shepherd/shared/dates";
import { addDays, dayState, monthGrid, monthGridRange, shiftMonth, streakLabel, weekOf } from "./calendar";

describe("the streak calendar's days", () => {
  it("moves across months, years and leap days", () => {
    expect(addDays("2026-06-30", 1)).toBe("2026-07-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09"); // the US clocks change that night; dates do not care
  });

  it("gives the week Sunday to Saturday around any day", () => {
    expect(weekdayOf("2026-06-14")).toBe(0);
    expect(weekOf("2026-06-17")).toEqual([
      "2026-06-14",
      "2026-06-15",
      "2026-06-16",
      "2026-06-17",
      "2026-06-18",
      "2026-06-19",
      "2026-06-20",
    ]);
    // Sunday and Saturday are in their own week; a week may span two months and two years.
    expect(weekOf("2026-06-14")[0]).toBe("2026-06-14");
    expect(weekOf("2026-06-20")[6]).toBe("2026-06-20");
    expect(weekOf("2026-01-01")).toEqual([
      "2025-12-28",
      "2025-12-29",
      "2025-12-30",
      "2025-12-31",
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
    ]);
  });

  it("lays a month out as whole weeks, four to six rows", () => {
    // June 2026 starts on a Monday and ends on a Tuesday: five rows, from 31 May to 4 July.
    const june = monthGrid("2026-06-17");
    expect(june.month).toBe("2026-06");
    expect(june.weeks).toHaveLength(5);
    expect(june.weeks[0]![0]).toEqual({ date: "2026-05-31", inMonth: false });
    expect(june.weeks[0]![1]).toEqual({ date: "2026-06-01", inMonth: true });
    expect(june.weeks[4]![2]).toEqual({ date: "2026-06-30", inMonth: true });
    expect(june.weeks[4]![6]).toEqual({ date: "2026-07-04", inMonth: false });
    expect(june.weeks.flat().filter((d) => d.inMonth)).toHaveLength(30);
    // February 2026 starts on a Sunday and has 28 days: exactly four rows.
    expect(monthGrid("2026-02-10").weeks).toHaveLength(4);
    // August 2026 starts on a Saturday and has 31 days: six rows.
    expect(monthGrid("2026-08-31").weeks).toHaveLength(6);
    expect(monthGridRange("2026-08-01")).toEqual({ from: "2026-07-26", to: "2026-09-05" });
  });

  it("always holds this week inside this month's page", () => {
    for (let date = "2026-01-01"; date < "2027-01-01"; date = addDays(date, 1)) {
      const { from, to } = monthGridRange(date);
      const week = weekOf(date);
      expect(week[0]! >= from && week[6]! <= to, date).toBe(true);
    }
  });

  it("steps a month back and forth from any day, the 31st included", () => {
    expect(shiftMonth("2026-03-31", -1)).toBe("2026-02-01");
    expect(shiftMonth("2026-12-15", 1)).toBe("2027-01-01");
    expect(shiftMonth("2026-01-31", -13)).toBe("2024-12-01");
  });

  it("says how each day shows", () => {
    const kept = new Set(["2026-06-15", "2026-06-17"]);
    expect(dayState("2026-06-15", "2026-06-17", kept)).toBe("kept");
    expect(dayState("2026-06-16", "2026-06-17", kept)).toBe("missed");
    expect(dayState("2026-06-17", "2026-06-17", kept)).toBe("kept");
    expect(dayState("2026-06-17", "2026-06-17", new Set())).toBe("open");
    expect(dayState("2026-06-18", "2026-06-17", kept)).toBe("future");
  });

  it("invites a new member to begin instead of showing 0 days", () => {
    expect(streakLabel(0)).toBe("Start your streak today");
    expect(streakLabel(1)).toBe("1 day streak");
    expect(streakLabel(12)).toBe("12 days streak");
  });
});

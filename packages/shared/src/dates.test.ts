import { describe, expect, it } from "vitest";
import { addDays, longDateLabel, monthLabel, weekdayLetter } from "./dates";

// The browser's own English formatting is the reference: the labels must read exactly as Intl's en-US ones did.
const english = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });

describe("date labels written without Intl", () => {
  const days = Array.from({ length: 1200 }, (_, i) => addDays("2025-12-20", i));

  it("longDateLabel reads as 'Friday, November 27' for every day of three years, leap day included", () => {
    const reference = english({ weekday: "long", month: "long", day: "numeric" });
    expect(days).toContain("2028-02-29");
    for (const day of days) expect(longDateLabel(day)).toBe(reference.format(new Date(`${day}T12:00:00Z`)));
  });

  it("weekdayLetter is the week strip's one letter", () => {
    const reference = english({ weekday: "narrow" });
    for (const day of days.slice(0, 14)) expect(weekdayLetter(day)).toBe(reference.format(new Date(`${day}T12:00:00Z`)));
    expect(weekdayLetter("2026-11-27")).toBe("F");
  });

  it("monthLabel names the month and its year", () => {
    const reference = english({ month: "long", year: "numeric" });
    for (const day of days.filter((d) => d.endsWith("-01"))) {
      expect(monthLabel(day.slice(0, 7))).toBe(reference.format(new Date(`${day}T12:00:00Z`)));
    }
  });
});

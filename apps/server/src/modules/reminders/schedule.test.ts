import { describe, expect, test } from "vitest";
import { dueWindow, isDue, localMinute, minuteStart } from "./schedule";

const every = [0, 1, 2, 3, 4, 5, 6];
const at = (time: string, weekdays = every) => ({ enabled: true, timeOfDay: time, weekdays });

describe("reminder schedule", () => {
  test("a member is due at his local time in his own time zone", () => {
    const instant = new Date("2026-06-10T11:30:00Z"); // a Wednesday
    expect(isDue(at("07:30"), "America/New_York", instant)).toBe(true); // EDT, UTC-4
    expect(isDue(at("12:30"), "Europe/London", instant)).toBe(true); // BST, UTC+1
    expect(isDue(at("20:30"), "Asia/Tokyo", instant)).toBe(true);
    expect(isDue(at("17:00"), "Asia/Kolkata", instant)).toBe(true); // UTC+5:30
    expect(isDue(at("07:30"), "Europe/London", instant)).toBe(false);
    expect(isDue(at("07:31"), "America/New_York", instant)).toBe(false);
    expect(isDue({ ...at("07:30"), enabled: false }, "America/New_York", instant)).toBe(false);
  });

  test("weekdays are the member's local weekday, not UTC's", () => {
    // Monday 02:00 UTC is still Sunday evening in New York.
    const instant = new Date("2026-06-08T02:00:00Z");
    expect(localMinute(instant, "America/New_York")).toEqual({ date: "2026-06-07", time: "22:00", weekday: 0 });
    expect(isDue(at("22:00", [0]), "America/New_York", instant)).toBe(true);
    expect(isDue(at("22:00", [1, 2, 3, 4, 5]), "America/New_York", instant)).toBe(false);
    expect(isDue(at("11:00", [1]), "Asia/Tokyo", instant)).toBe(true);
  });

  test("New York's spring change (2026-03-08): 07:00 follows the new offset; 02:00-02:59 do not occur and are due at 03:00", () => {
    // Before the change, 07:00 EST is 12:00 UTC; after it, 07:00 EDT is 11:00 UTC.
    expect(isDue(at("07:00"), "America/New_York", new Date("2026-03-07T12:00:00Z"))).toBe(true);
    expect(isDue(at("07:00"), "America/New_York", new Date("2026-03-08T11:00:00Z"))).toBe(true);
    expect(isDue(at("07:00"), "America/New_York", new Date("2026-03-08T12:00:00Z"))).toBe(false);
    // 02:00 EST jumps to 03:00 EDT at 07:00 UTC: no minute of that day reads 02:30.
    // The local day of 8 March is 23 hours long: 00:00 EST (05:00 UTC) to midnight EDT (04:00 UTC on the 9th).
    const day = Array.from({ length: 23 * 60 }, (_, m) => new Date(Date.parse("2026-03-08T05:00:00Z") + m * 60_000));
    for (const time of ["02:00", "02:30", "02:59", "03:00"]) {
      expect(day.filter((instant) => isDue(at(time), "America/New_York", instant))).toEqual([new Date("2026-03-08T07:00:00Z")]);
    }
    expect(dueWindow(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toEqual({
      date: "2026-03-08",
      time: "03:00",
      weekday: 0,
      after: "01:59",
    });
    // Every time of day is due exactly once that day.
    const windows = day.map((instant) => dueWindow(instant, "America/New_York")!);
    for (let m = 0; m < 24 * 60; m += 1) {
      const time = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
      expect(windows.filter((w) => time > w.after && time <= w.time).length, time).toBe(1);
    }
  });

  test("New York's autumn change (2026-11-01): 01:30 occurs twice (the sent record keeps one), 07:00 once", () => {
    const day = Array.from({ length: 24 * 60 }, (_, m) => new Date(Date.parse("2026-11-01T04:00:00Z") + m * 60_000));
    expect(day.filter((instant) => isDue(at("01:30"), "America/New_York", instant))).toEqual([
      new Date("2026-11-01T05:30:00Z"),
      new Date("2026-11-01T06:30:00Z"),
    ]);
    expect(day.filter((instant) => isDue(at("07:00"), "America/New_York", instant))).toEqual([new Date("2026-11-01T12:00:00Z")]);
    // Both 01:30s are the same local date: one reminder that day.
    expect(localMinute(new Date("2026-11-01T05:30:00Z"), "America/New_York")?.date).toBe("2026-11-01");
    expect(localMinute(new Date("2026-11-01T06:30:00Z"), "America/New_York")?.date).toBe("2026-11-01");
    // Going back, a minute is due only for its own time: nothing is skipped, nothing else doubled.
    expect(dueWindow(new Date("2026-11-01T06:00:00Z"), "America/New_York")).toMatchObject({ time: "01:00", after: "00:59" });
  });

  test("at midnight the window starts the new day; a gap across midnight is due at its end", () => {
    expect(dueWindow(new Date("2026-06-10T00:00:00Z"), "UTC")).toEqual({
      date: "2026-06-10",
      time: "00:00",
      weekday: 3,
      after: "",
    });
    // Santiago (Chile) moves from 24:00 to 01:00 on 6 September 2026: 00:00-00:59 that day are due at 01:00.
    const gapEnd = Array.from({ length: 180 }, (_, m) => new Date(Date.parse("2026-09-06T02:00:00Z") + m * 60_000)).filter(
      (instant) => isDue(at("00:30"), "America/Santiago", instant),
    );
    expect(gapEnd).toHaveLength(1);
    expect(localMinute(gapEnd[0]!, "America/Santiago")).toMatchObject({ date: "2026-09-06", time: "01:00" });
  });

  test("London's summer time (2026-03-29 and 2026-10-25)", () => {
    expect(isDue(at("08:00"), "Europe/London", new Date("2026-03-28T08:00:00Z"))).toBe(true); // GMT
    expect(isDue(at("08:00"), "Europe/London", new Date("2026-03-29T07:00:00Z"))).toBe(true); // BST
    expect(isDue(at("08:00"), "Europe/London", new Date("2026-03-29T08:00:00Z"))).toBe(false);
    expect(isDue(at("08:00"), "Europe/London", new Date("2026-10-25T08:00:00Z"))).toBe(true); // GMT again
    expect(isDue(at("08:00"), "Europe/London", new Date("2026-10-25T07:00:00Z"))).toBe(false);
  });

  test("midnight and the local date", () => {
    expect(localMinute(new Date("2026-12-31T23:59:30Z"), "UTC")).toEqual({ date: "2026-12-31", time: "23:59", weekday: 4 });
    expect(localMinute(new Date("2026-12-31T15:00:00Z"), "Asia/Tokyo")).toEqual({
      date: "2027-01-01",
      time: "00:00",
      weekday: 5,
    });
  });

  test("an unknown time zone is never due and does not throw", () => {
    expect(localMinute(new Date(), "Mars/Olympus_Mons")).toBeNull();
    expect(isDue(at("07:00"), "Mars/Olympus_Mons", new Date())).toBe(false);
  });

  test("minuteStart drops seconds", () => {
    expect(minuteStart(new Date("2026-06-10T11:30:59.999Z")).toISOString()).toBe("2026-06-10T11:30:00.000Z");
  });
});

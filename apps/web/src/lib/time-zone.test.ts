import { describe, expect, it } from "vitest";
import { localDate } from "@shepherd/shared/today";
import { deviceDate, localTimeZone } from "./time-zone";

describe("deviceDate", () => {
  it("is the device's own calendar date, padded", () => {
    expect(deviceDate(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(deviceDate(new Date(2026, 11, 31, 0, 0))).toBe("2026-12-31");
  });

  it("agrees with localDate in the device's time zone around midnights, month ends and clock changes", () => {
    const zone = localTimeZone();
    const start = Date.UTC(2026, 0, 1);
    // Every 7 hours through a year: every hour of the day, both clock changes wherever the device is.
    for (let ms = start; ms < start + 366 * 86_400_000; ms += 7 * 3_600_000) {
      const at = new Date(ms);
      expect(deviceDate(at)).toBe(localDate(at, zone));
    }
  });
});

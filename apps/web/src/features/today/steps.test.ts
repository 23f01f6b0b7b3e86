import { describe, expect, it } from "vitest";
import { morningProgress, progressSummary, readingMinutes } from "./steps";

describe("the morning's steps", () => {
  it("starts at Read with nothing done", () => {
    const progress = morningProgress({ read: false, reflect: false, pray: false, checkin: false });
    expect(progress.doneCount).toBe(0);
    expect(progress.current?.id).toBe("read");
    expect(progress.steps.map((s) => [s.label, s.done, s.current])).toEqual([
      ["Read", false, true],
      ["Reflect", false, false],
      ["Pray", false, false],
      ["Check in", false, false],
    ]);
    expect(progressSummary(progress)).toBe("0 of 4 steps done · Next: Read");
  });

  it("points at the first step not done, even when a later one is done first", () => {
    const progress = morningProgress({ read: true, reflect: false, pray: true, checkin: false });
    expect(progress.doneCount).toBe(2);
    expect(progress.current?.id).toBe("reflect");
    expect(progress.steps.filter((s) => s.current)).toHaveLength(1);
    expect(progressSummary(progress)).toBe("2 of 4 steps done · Next: Reflect");
  });

  it("has no current step once all are done", () => {
    const progress = morningProgress({ read: true, reflect: true, pray: true, checkin: true });
    expect(progress.current).toBeNull();
    expect(progress.steps.some((s) => s.current)).toBe(false);
    expect(progressSummary(progress)).toBe("All 4 steps done");
  });
});

describe("reading time", () => {
  const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
  it("counts every part at 200 words a minute, rounding up", () => {
    expect(readingMinutes({ passage_text: words(20), content: words(400), reflection: words(20), prayer: words(40) })).toBe(3);
    expect(readingMinutes({ passage_text: words(50), content: words(100), reflection: words(25), prayer: words(25) })).toBe(1);
    expect(readingMinutes({ passage_text: words(50), content: words(100), reflection: words(25), prayer: words(26) })).toBe(2);
  });

  it("is at least a minute, and ignores extra spaces and line breaks", () => {
    expect(readingMinutes({ passage_text: "", content: "  ", reflection: "", prayer: "" })).toBe(1);
    expect(readingMinutes({ passage_text: "a\n\nb", content: " c  d ", reflection: "e", prayer: "f" })).toBe(1);
  });
});

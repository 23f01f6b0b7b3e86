import { describe, expect, test } from "vitest";
import { verseLabel } from "./verse-label";

describe("a verse's name for a screen reader", () => {
  test("a plain verse says its number", () => {
    expect(verseLabel(16, undefined, false, false)).toBe("Verse 16: ");
  });
  test("each mark is named, in a fixed order", () => {
    expect(verseLabel(14, "yellow", true, true)).toBe("Verse 14, highlighted yellow, bookmarked, has a note: ");
    expect(verseLabel(3, undefined, true, false)).toBe("Verse 3, bookmarked: ");
    expect(verseLabel(1, undefined, false, true)).toBe("Verse 1, has a note: ");
  });
});

import { describe, expect, it } from "vitest";
import { shareFileName, verseAsText, wrapLines } from "./share-image";

describe("a verse as a picture", () => {
  it("wraps words into lines no wider than the width, never splitting a word", () => {
    const measure = (text: string) => text.length * 10;
    const lines = wrapLines(measure, "Iron sharpens iron; so a man sharpens his friend’s countenance.", 200);
    expect(lines).toEqual(["Iron sharpens iron;", "so a man sharpens", "his friend’s", "countenance."]);
    expect(lines.every((line) => measure(line) <= 200)).toBe(true);
    expect(wrapLines(measure, "Unbreakableword", 50)).toEqual(["Unbreakableword"]);
    expect(wrapLines(measure, "   ", 50)).toEqual([]);
  });

  it("names the file after the reference and quotes the text with it", () => {
    expect(shareFileName("John 3:16-18")).toBe("john-3-16-18.png");
    expect(shareFileName("Song of Solomon 2:4")).toBe("song-of-solomon-2-4.png");
    expect(verseAsText({ text: " Jesus wept. ", reference: "John 11:35", translation: "KJV" })).toBe(
      "“Jesus wept.” — John 11:35 (KJV)",
    );
  });
});

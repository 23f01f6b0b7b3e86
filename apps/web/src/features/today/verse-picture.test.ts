import { describe, expect, it } from "vitest";
import { fitVerse, pictureFileName, wrapWords } from "./verse-picture";

/** Every character half as wide as the font is tall: enough to test the layout without a canvas. */
const measure = (text: string, size: number) => text.length * size * 0.5;

describe("today's verse as a picture", () => {
  it("wraps words within the width and never splits a word", () => {
    const lines = wrapWords(measure, "Iron sharpens iron; so a man sharpens his friend’s countenance.", 20, 200);
    expect(lines).toEqual(["Iron sharpens iron;", "so a man sharpens", "his friend’s", "countenance."]);
    expect(lines.every((line) => measure(line, 20) <= 200)).toBe(true);
    expect(wrapWords(measure, "Unbreakableword", 20, 50)).toEqual(["Unbreakableword"]);
    expect(wrapWords(measure, "  ", 20, 50)).toEqual([]);
  });

  it("sets a short verse large, in quotation marks", () => {
    const layout = fitVerse(measure, "Jesus wept.", { width: 800, height: 600 });
    expect(layout).toEqual({ fontSize: 72, lineHeight: 72 * 1.35, lines: ["“Jesus wept.”"], shortened: false });
  });

  it("shrinks a longer verse until it fits the box", () => {
    const text =
      "Husbands, love your wives, even as Christ also loved the assembly, and gave himself up for it; that he might sanctify it.";
    const box = { width: 600, height: 400 };
    const layout = fitVerse(measure, text, box);
    expect(layout.shortened).toBe(false);
    expect(layout.fontSize).toBeLessThan(72);
    expect(layout.lines.length * layout.lineHeight).toBeLessThanOrEqual(box.height);
    expect(layout.lines.every((line) => measure(line, layout.fontSize) <= box.width)).toBe(true);
    // Nothing lost: the lines read the whole quoted verse.
    expect(layout.lines.join(" ")).toBe(`“${text}”`);
    // One size larger would not have fitted.
    const larger = wrapWords(measure, `“${text}”`, layout.fontSize + 2, box.width);
    expect(larger.length * (layout.fontSize + 2) * 1.35).toBeGreaterThan(box.height);
  });

  it("cuts a passage too long even at the smallest size after a whole word, with an ellipsis", () => {
    const text = Array.from({ length: 200 }, (_, i) => `word${i},`).join(" ");
    const box = { width: 500, height: 300 };
    const layout = fitVerse(measure, text, box, { max: 40, min: 30, lineHeight: 1.5 });
    expect(layout.shortened).toBe(true);
    expect(layout.fontSize).toBe(30);
    expect(layout.lines).toHaveLength(Math.floor(300 / 45));
    const last = layout.lines[layout.lines.length - 1]!;
    expect(last.endsWith("…”")).toBe(true);
    expect(last).not.toMatch(/,…/);
    expect(layout.lines.every((line) => measure(line, 30) <= box.width)).toBe(true);
    expect(layout.lines[0]!.startsWith("“word0,")).toBe(true);
  });

  it("names the file after the reference", () => {
    expect(pictureFileName("Ephesians 5:25")).toBe("ephesians-5-25.png");
    expect(pictureFileName("1 Corinthians 13:4-7")).toBe("1-corinthians-13-4-7.png");
    expect(pictureFileName("")).toBe("verse.png");
  });
});

import { describe, expect, it } from "vitest";
import { resolveReference, type VerseCounter } from "../../bible/references";
import { readKingJamesVersion, readWorldEnglishBible, type SourceTranslation } from "../../bible/sources";
import { dayOfLeapYear } from "./text";
import { loadVersesOfTheDay } from "./verses-of-the-day";

const list = loadVersesOfTheDay();

function texts(source: SourceTranslation) {
  const chapters = new Map(source.chapters.map((c) => [`${c.bookIndex}:${c.chapter}`, c]));
  const count: VerseCounter = (book, chapter) => {
    const found = chapters.get(`${book.index}:${chapter}`);
    return found ? Math.max(...found.verses.keys()) : undefined;
  };
  return { chapters, count };
}

describe("the verse of the day list (content/verses-of-the-day.json)", () => {
  it("has one verse for every calendar date, Feb 29 included", () => {
    expect(list).toHaveLength(366);
    expect(dayOfLeapYear("2026-01-01")).toBe(0);
    expect(dayOfLeapYear("2028-02-29")).toBe(59);
    expect(dayOfLeapYear("2026-03-01")).toBe(60);
    expect(dayOfLeapYear("2026-12-31")).toBe(365);
  });

  it.each([
    ["WEB", readWorldEnglishBible()],
    ["KJV", readKingJamesVersion()],
  ])("resolves every reference to 1-3 real verses of one chapter in the %s, none repeated", (_name, source) => {
    const { chapters, count } = texts(source);
    const seen = new Set<string>();
    for (const { reference } of list) {
      const found = resolveReference(reference, count);
      expect(found.verses.length, reference).toBeGreaterThanOrEqual(1);
      expect(found.verses.length, reference).toBeLessThanOrEqual(3);
      expect(found.end.chapter, reference).toBe(found.chapter);
      for (const verse of found.verses) {
        expect(
          chapters.get(`${found.book.index}:${found.chapter}`)?.verses.get(verse),
          `${reference} verse ${verse}`,
        ).toBeTruthy();
        const key = `${found.book.index}:${found.chapter}:${verse}`;
        expect(seen.has(key), `${reference} repeats a verse`).toBe(false);
        seen.add(key);
      }
    }
  });
});

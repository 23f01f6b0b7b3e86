import { describe, expect, it } from "vitest";
import { resolveReference, type VerseCounter } from "./references";
import { readKingJamesVersion, readWorldEnglishBible } from "./sources";

function counter(read: typeof readWorldEnglishBible): VerseCounter {
  const counts = new Map(read().chapters.map((c) => [`${c.bookIndex}:${c.chapter}`, Math.max(...c.verses.keys())]));
  return (book, chapter) => counts.get(`${book.index}:${chapter}`);
}
const web = counter(readWorldEnglishBible);
const kjv = counter(readKingJamesVersion);

function place(text: string, count = web) {
  const found = resolveReference(text, count);
  return { book: found.book.osis, chapter: found.chapter, verses: found.verses, end: found.end, display: found.display };
}

describe("Bible references", () => {
  it("reads single verses, with abbreviations and in any case", () => {
    expect(place("Ephesians 5:25")).toEqual({
      book: "Eph",
      chapter: 5,
      verses: [25],
      end: { chapter: 5, verse: 25 },
      display: "Ephesians 5:25",
    });
    expect(place("Jn 3:16").display).toBe("John 3:16");
    expect(place("john 3 16").display).toBe("John 3:16");
    expect(place("1 jn 4:8").display).toBe("1 John 4:8");
    expect(place("Ps 119:105").display).toBe("Psalm 119:105");
    expect(place("Song 2:4").display).toBe("Song of Solomon 2:4");
  });

  it("reads ranges, including ones that run into the next chapter", () => {
    expect(place("Prov 27:17-19")).toMatchObject({
      book: "Prov",
      chapter: 27,
      verses: [17, 18, 19],
      display: "Proverbs 27:17-19",
    });
    expect(place("Phil 4:6-7").verses).toEqual([6, 7]);
    const across = place("Eph 5:25-6:4");
    expect(across.verses).toEqual([25, 26, 27, 28, 29, 30, 31, 32, 33]);
    expect(across.end).toEqual({ chapter: 6, verse: 4 });
    expect(across.display).toBe("Ephesians 5:25-6:4");
  });

  it("reads verse lists within a chapter", () => {
    expect(place("John 3:16, 18")).toMatchObject({ verses: [16, 18], display: "John 3:16, 18", end: { chapter: 3, verse: 18 } });
  });

  it("reads whole chapters, chapter ranges and books alone", () => {
    expect(place("John 3")).toEqual({ book: "John", chapter: 3, verses: [], end: { chapter: 3, verse: 36 }, display: "John 3" });
    expect(place("Psalm 23")).toMatchObject({ chapter: 23, verses: [], display: "Psalm 23" });
    expect(place("1 Cor 13")).toMatchObject({ book: "1Cor", chapter: 13, verses: [], display: "1 Corinthians 13" });
    expect(place("Matt 5-7")).toMatchObject({ chapter: 5, verses: [], end: { chapter: 7, verse: 29 }, display: "Matthew 5-7" });
    expect(place("Genesis")).toMatchObject({ book: "Gen", chapter: 1, verses: [] });
  });

  it("treats a number after a one-chapter book as a verse", () => {
    expect(place("Jude 3")).toMatchObject({ book: "Jude", chapter: 1, verses: [3], display: "Jude 1:3" });
    expect(place("Obadiah 1")).toMatchObject({ book: "Obad", chapter: 1, verses: [] });
  });

  it("checks chapters and verses against the translation being read", () => {
    // The WEB prints the closing doxology of Romans at 14:24-26; the KJV at 16:25-27.
    expect(() => place("Romans 16:27")).toThrow("Romans 16 has 24 verses.");
    expect(place("Romans 16:27", kjv).verses).toEqual([27]);
    expect(place("Romans 14:26").verses).toEqual([26]);
    expect(() => place("Romans 14:26", kjv)).toThrow("Romans 14 has 23 verses.");
  });

  it.each([
    ["", "Give a reference. Try a book, chapter and verse, such as John 3:16."],
    ["   ", "Give a reference. Try a book, chapter and verse, such as John 3:16."],
    ["Hezekiah 3:1", 'We couldn\'t read "Hezekiah 3:1" as a Bible reference. Try a book, chapter and verse, such as John 3:16.'],
    [
      "good shepherd",
      'We couldn\'t read "good shepherd" as a Bible reference. Try a book, chapter and verse, such as John 3:16.',
    ],
    ["John 30:1", "John has 21 chapters."],
    ["Psalm 151", "Psalms has 150 chapters."],
    ["John 3:99", "John 3 has 36 verses."],
    ["John 3:16-99", "John 3 has 36 verses."],
    ["3 John 15", "3 John has 14 verses."],
    ["John 3:0", "Verses start at 1."],
    ["John 21-Acts 1", "A passage stays within one book; give one book at a time."],
  ])("gives a clear message for %j", (text, message) => {
    expect(() => place(text)).toThrow(message);
  });
});

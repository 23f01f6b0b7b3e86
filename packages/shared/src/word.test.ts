import { describe, expect, it } from "vitest";
import {
  adjacentChapter,
  BIBLE_BOOKS,
  bookByOsis,
  bookBySlug,
  chapterPath,
  chapterTitle,
  formatVerseSelection,
  parseVerseSelection,
  referencePath,
  verseReference,
} from "./word";

const book = (osis: string) => bookByOsis(osis)!;

describe("the books of the Bible", () => {
  it("are the 66 books in order, 39 in the Old Testament, 1189 chapters", () => {
    expect(BIBLE_BOOKS).toHaveLength(66);
    expect(BIBLE_BOOKS.filter((b) => b.testament === "ot")).toHaveLength(39);
    expect(BIBLE_BOOKS.reduce((n, b) => n + b.chapters, 0)).toBe(1189);
    expect(BIBLE_BOOKS[39]!.name).toBe("Matthew");
  });

  it("are found by OSIS name (any case) and by URL slug", () => {
    expect(bookByOsis("1cor")!.name).toBe("1 Corinthians");
    expect(bookBySlug("song-of-solomon")!.osis).toBe("Song");
    expect(bookBySlug("1-corinthians")!.osis).toBe("1Cor");
    expect(bookByOsis("Hezekiah")).toBeUndefined();
  });
});

describe("references and addresses", () => {
  it("names psalms one at a time and books of one chapter without a chapter", () => {
    expect(chapterTitle(book("Ps"), 23)).toBe("Psalm 23");
    expect(chapterTitle(book("John"), 3)).toBe("John 3");
    expect(chapterTitle(book("Jude"), 1)).toBe("Jude");
    expect(verseReference(book("John"), 3, [16, 17, 18, 20])).toBe("John 3:16-18, 20");
    expect(verseReference(book("Ps"), 23, [1])).toBe("Psalm 23:1");
  });

  it("moves between chapters across books, and stops at both ends", () => {
    expect(adjacentChapter(book("John"), 3, 1)).toEqual({ book: book("John"), chapter: 4 });
    expect(adjacentChapter(book("Mal"), 4, 1)).toEqual({ book: book("Matt"), chapter: 1 });
    expect(adjacentChapter(book("Matt"), 1, -1)).toEqual({ book: book("Mal"), chapter: 4 });
    expect(adjacentChapter(book("Gen"), 1, -1)).toBeNull();
    expect(adjacentChapter(book("Rev"), 22, 1)).toBeNull();
  });

  it("builds reader and reference addresses", () => {
    expect(chapterPath(book("1Cor"), 13)).toBe("/word/1-corinthians/13");
    expect(chapterPath(book("John"), 3, [16, 17, 18])).toBe("/word/john/3?v=16-18");
    expect(referencePath(" Prov 27:17-19 ")).toBe("/word?ref=Prov%2027%3A17-19");
  });
});

describe("verse selections", () => {
  it("parse and format as ranges and lists", () => {
    expect(parseVerseSelection("16-18,20")).toEqual([16, 17, 18, 20]);
    expect(parseVerseSelection(" 3 , 1-2 ")).toEqual([1, 2, 3]);
    expect(formatVerseSelection([20, 16, 17, 18, 18])).toBe("16-18,20");
    expect(formatVerseSelection([1])).toBe("1");
  });

  it.each(["", "abc", "0", "5-3", "1-999", "1,,2", "-4"])("ignore a malformed selection %j", (text) => {
    expect(parseVerseSelection(text)).toEqual([]);
  });
});

import { describe, expect, test } from "vitest";
import {
  extractMentions,
  mentionAtCaret,
  mentionExcerpt,
  NOTIFICATION_CONTENT_MAX,
  postInput,
  scriptureRefSchema,
} from "./community";

describe("extractMentions", () => {
  test("finds each @username once, lower-cased, in order", () => {
    expect(extractMentions("Praying for @Sam_1 and @joe, and @sam_1 again")).toEqual(["sam_1", "joe"]);
  });
  test("at the start, after punctuation and on new lines", () => {
    expect(extractMentions("@abc hello (@def) yes\n@ghi.")).toEqual(["abc", "def", "ghi"]);
  });
  test("ignores emails, too-short names, double @ and names longer than 30", () => {
    expect(extractMentions("write to dad@example.com")).toEqual([]);
    expect(extractMentions("@ab is too short")).toEqual([]);
    expect(extractMentions("@@abc")).toEqual([]);
    expect(extractMentions(`@${"a".repeat(31)}`)).toEqual([]);
    expect(extractMentions(`@${"a".repeat(30)}`)).toEqual(["a".repeat(30)]);
  });
  test("nothing in plain text", () => {
    expect(extractMentions("No one mentioned here.")).toEqual([]);
  });
});

describe("mentionExcerpt", () => {
  test("puts the text on one line", () => {
    expect(mentionExcerpt("  Thank you\n\n@abc   for praying ")).toBe("Thank you @abc for praying");
  });
  test("cuts long text with an ellipsis at the limit", () => {
    const excerpt = mentionExcerpt("word ".repeat(100));
    expect(excerpt.length).toBeLessThanOrEqual(NOTIFICATION_CONTENT_MAX);
    expect(excerpt.endsWith("…")).toBe(true);
  });
});

describe("mentionAtCaret", () => {
  test("the word being typed after @", () => {
    expect(mentionAtCaret("Thanks @Jo", 10)).toEqual({ start: 7, query: "jo" });
    expect(mentionAtCaret("@", 1)).toEqual({ start: 0, query: "" });
  });
  test("nothing when the caret is not in a mention", () => {
    expect(mentionAtCaret("Thanks @jo ", 11)).toBeNull();
    expect(mentionAtCaret("mail me@ex", 10)).toBeNull();
  });
});

describe("scripture references and posts", () => {
  test("accepts the usual forms", () => {
    for (const ref of ["John 3:16", "Psalm 23", "1 Corinthians 13:4-7", "Song of Solomon 2:4"]) {
      expect(scriptureRefSchema.safeParse(ref).success, ref).toBe(true);
    }
  });
  test("refuses what is not a reference, with an example", () => {
    const result = scriptureRefSchema.safeParse("<script>");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Write the reference like "John 3:16" or "Psalm 23"');
  });
  test("a post needs text within the limit", () => {
    expect(postInput.safeParse({ body: "   " }).error?.issues[0]?.message).toBe("Your post cannot be empty");
    expect(postInput.safeParse({ body: "x".repeat(2001) }).error?.issues[0]?.message).toBe(
      "Your post must be 2000 characters or less",
    );
    expect(postInput.parse({ body: " Hello " })).toEqual({ kind: "post", body: "Hello" });
  });
});

import { describe, expect, test } from "vitest";
import { FREE_SESSIONS_PER_SERIES, seriesInput, seriesListQuery, sessionOpen } from "./series";

describe("the free/Premium split (docs/series.md)", () => {
  test("a free member reads the first session of a series, and no other", () => {
    expect(FREE_SESSIONS_PER_SERIES).toBe(1);
    expect(sessionOpen({ position: 1, premium: false, owner: false })).toBe(true);
    for (const position of [2, 3, 8]) expect(sessionOpen({ position, premium: false, owner: false })).toBe(false);
  });

  test("a Premium member reads every session", () => {
    for (const position of [1, 2, 8]) expect(sessionOpen({ position, premium: true, owner: false })).toBe(true);
  });

  test("the owner of a series reads all of his own, Premium or not", () => {
    for (const position of [1, 2, 12]) expect(sessionOpen({ position, premium: false, owner: true })).toBe(true);
  });
});

const session = {
  title: "Quick to Hear",
  passage: "James 1:19-21",
  teaching: "Listening comes before speaking.",
  questions: ["Who needs you to listen?"],
  challenge: "Listen to one whole answer.",
  prayer: "Lord, make us quick to hear. Amen.",
};
const series = {
  title: "Slow to Speak",
  promise: "Listening well.",
  description: "For our group.",
  theme: "brotherhood",
  sessions: [session],
};

describe("a member's series as the API takes it", () => {
  test("trims text and keeps it private by default", () => {
    const parsed = seriesInput.parse({ ...series, title: "  Slow to Speak  " });
    expect(parsed.title).toBe("Slow to Speak");
    expect(parsed.flock_id).toBeNull();
  });

  test("refuses NUL characters, empty parts and too many questions with words a person can act on", () => {
    const message = (input: unknown) => seriesInput.safeParse(input).error?.issues[0]?.message;
    expect(message({ ...series, description: "a\u0000b" })).toBe("Text cannot contain NUL characters");
    expect(message({ ...series, title: "   " })).toBe("Give your series a title");
    expect(message({ ...series, sessions: [{ ...session, prayer: "" }] })).toBe("Give each session a closing prayer");
    expect(message({ ...series, sessions: [{ ...session, questions: Array(7).fill("Why?") }] })).toBe(
      "A session has at most 6 questions",
    );
    expect(message({ ...series, sessions: [{ ...session, teaching: "word ".repeat(601) }] })).toBe(
      "Keep a teaching to 600 words",
    );
    expect(message({ ...series, theme: "golf" })).toBe("Choose the series' theme");
  });

  test("the library's search is trimmed and bounded", () => {
    expect(seriesListQuery.parse({ q: "  wounds " }).q).toBe("wounds");
    expect(seriesListQuery.safeParse({ q: "x".repeat(101) }).success).toBe(false);
    expect(seriesListQuery.safeParse({ theme: "golf" }).success).toBe(false);
  });
});

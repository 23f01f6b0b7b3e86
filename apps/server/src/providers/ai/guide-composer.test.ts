import { describe, expect, test } from "vitest";
import { FOCUS_THEME_IDS } from "@shepherd/shared";
import type { GuideDraft, GuideRequest } from "./ai";
import { composeGuide, firstVerse, GUIDE_LIMITS, guideRuleBreaks } from "./guide-composer";
import { loadLibrary } from "./library";

/** The offline discussion guide writer keeps the rules a model's guide is held to (CONTENT.md, "A series session"). */

const { guides } = loadLibrary();

const request = (overrides: Partial<GuideRequest> = {}): GuideRequest => ({
  userId: "user-1",
  title: "Quick to Hear",
  passage: "James 1:19-21",
  theme: "brotherhood",
  notes: "",
  ...overrides,
});

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("the guide composer", () => {
  test.each(FOCUS_THEME_IDS)("a %s guide keeps every rule", (theme) => {
    for (const passage of ["James 1:19-21", "Psalm 23", "Matthew 5:1-12", "Philippians 4:6-7"]) {
      const draft = composeGuide(request({ theme, passage }), guides);
      expect(guideRuleBreaks(draft), `${theme} ${passage}`).toEqual([]);
      expect(words(draft.teaching)).toBeGreaterThanOrEqual(GUIDE_LIMITS.teachingWords.min);
      expect(draft.questions.length).toBeGreaterThanOrEqual(GUIDE_LIMITS.questions.min);
      expect(draft.questions.length).toBeLessThanOrEqual(GUIDE_LIMITS.questions.max);
      expect(draft.teaching).not.toMatch(/[{}]/);
    }
  });

  test("it opens from the passage, quoting its first verse as the WEB has it", () => {
    const draft = composeGuide(request(), guides);
    expect(draft.teaching).toContain("James 1:19-21");
    expect(draft.teaching).toContain(firstVerse("James 1:19-21"));
    expect(firstVerse("James 1:19-21")).toBe(
      "“So, then, my beloved brothers, let every man be swift to hear, slow to speak, and slow to anger;”",
    );
    expect(firstVerse("Psalm 23")).toMatch(/^“Yahweh is my shepherd/);
  });

  test("the same member, title and passage get the same draft; its questions move from the text to life to action", () => {
    expect(composeGuide(request(), guides)).toEqual(composeGuide(request(), guides));
    const draft = composeGuide(request(), guides);
    expect(guides.questions.text.map((q) => q.replace(/\{passage\}/g, "James 1:19-21"))).toContain(draft.questions[0]);
    expect(guides.questions.life.brotherhood).toEqual(draft.questions.slice(1, 3));
    expect(guides.questions.action).toContain(draft.questions.at(-1));
  });
});

describe("the rules every guide keeps", () => {
  const good: GuideDraft = composeGuide(request(), guides);

  test("each broken rule is named", () => {
    expect(guideRuleBreaks({ ...good, teaching: "Too short." })).toEqual(["teaching has 2 words"]);
    expect(guideRuleBreaks({ ...good, questions: good.questions.slice(0, 2) })).toEqual(["2 questions"]);
    expect(guideRuleBreaks({ ...good, questions: [...good.questions.slice(0, 3), "Why? And how?"] })).toEqual([
      "a question is not one question",
    ]);
    expect(
      guideRuleBreaks({
        ...good,
        prayer:
          "Lord, thank you for these men and this evening together, for your word, your mercy and your patience with us all.",
      }),
    ).toEqual(["prayer does not end with Amen"]);
    expect(guideRuleBreaks({ ...good, challenge: "You missed your quiet time again this week, so do better." })).toEqual([
      "guilt-framed",
    ]);
    expect(guideRuleBreaks({ ...good, challenge: "Read more at https://example.com this week with your group." })).toEqual([
      "has a link",
    ]);
    expect(guideRuleBreaks({ ...good, teaching: `${good.teaching} {first_verse}` })).toEqual(["has a placeholder left"]);
  });
});

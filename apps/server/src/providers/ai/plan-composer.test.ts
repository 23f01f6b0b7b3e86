import { describe, expect, test } from "vitest";
import { FOCUS_THEME_IDS, READING_STYLES, SEASONS, type CustomPlanBrief } from "@shepherd/shared";
import { parseReference, passageText, rangesOverlap } from "../../bible/passages";
import { loadPlanLibrary, sourceDays } from "../../modules/path/library";
import type { PlanDayDraft } from "./ai";
import { loadLibrary } from "./library";
import { createPlanComposer, devotionalSourceDay, stems, wordCount } from "./plan-composer";

/** The offline writer of a member's own plan: CONTENT.md's rules for every day, and no passage read twice. */

const library = loadLibrary();
const composer = createPlanComposer(
  [...sourceDays(loadPlanLibrary()), ...library.devotionals.map((d, i) => devotionalSourceDay(d, i))],
  library.planComposer,
);

function brief(over: Partial<CustomPlanBrief> = {}): CustomPlanBrief {
  return {
    themes: ["marriage"],
    goal: "Love my wife better in ordinary days",
    days: 7,
    season: "married",
    hard_now: "",
    helped_before: "",
    minutes_per_day: 10,
    style: "reflective",
    challenge: true,
    audio: false,
    ...over,
  };
}

/** Writes the whole plan day by day, as the job does. */
function writePlan(b: CustomPlanBrief, planId = "plan-1"): PlanDayDraft[] {
  const days: PlanDayDraft[] = [];
  for (let dayNumber = 1; dayNumber <= b.days; dayNumber++) {
    days.push(composer.composePlanDay({ planId, brief: b, dayNumber, previous: days }));
  }
  return days;
}

function expectFollowsTheRules(days: PlanDayDraft[], b: CustomPlanBrief) {
  expect(days).toHaveLength(b.days);
  expect(new Set(days.map((d) => d.title)).size).toBe(days.length);
  const read = days.flatMap((d) => d.passages).map((reference) => ({ reference, range: parseReference(reference) }));
  for (const [i, a] of read.entries()) {
    for (const other of read.slice(i + 1)) {
      expect(rangesOverlap(a.range, other.range), `${a.reference} / ${other.reference}`).toBe(false);
    }
  }
  for (const day of days) {
    expect(day.passages.length).toBeGreaterThanOrEqual(1);
    expect(day.passages.length).toBeLessThanOrEqual(3);
    expect(day.passages.length + day.references.length).toBeLessThanOrEqual(8);
    for (const reference of [...day.passages, ...day.references]) expect(passageText(reference).length).toBeGreaterThan(0);
    expect(wordCount(day.reading)).toBeLessThanOrEqual(400);
    expect(day.questions).toHaveLength(b.style === "short" ? 1 : 2);
    for (const question of day.questions) expect(question.trim().endsWith("?"), question).toBe(true);
    if (b.challenge) expect(wordCount(day.challenge)).toBeGreaterThanOrEqual(4);
    else expect(day.challenge).toBe("");
    expect(wordCount(day.prayer)).toBeGreaterThanOrEqual(10);
    // A composed plan never speaks of another plan's length or its last day.
    expect(`${day.reading} ${day.challenge}`).not.toMatch(/\b(these|next)\s+(\w+\s+)?days\b|\b(first|last|final) day\b/i);
  }
}

describe("the plan composer", () => {
  // 32 whole plans, every passage read from the Bible: seconds on a quiet machine, more on a busy one (no timing here).
  test("every theme, season and style, at the shortest, usual and longest lengths, keeps every rule", { timeout: 60_000 }, () => {
    let checked = 0;
    for (const [t, theme] of FOCUS_THEME_IDS.entries()) {
      for (const days of [3, 10, 21, 30]) {
        const season = SEASONS[(t + days) % SEASONS.length]!.id;
        const style = READING_STYLES[(t + days) % READING_STYLES.length]!.id;
        const b = brief({ themes: [theme], days, season, style, challenge: days !== 10 });
        expectFollowsTheRules(writePlan(b, `plan-${theme}-${days}`), b);
        checked++;
      }
    }
    expect(checked).toBe(32);
  });

  test("his themes share the days, the first one first", () => {
    const b = brief({ themes: ["prayer", "fatherhood", "temptation"], days: 9, season: "teenagers" });
    const planned = composer.selection(b, "shares");
    const themes = planned.map((d) => d.theme);
    expect(themes.filter((t) => t === "prayer")).toHaveLength(3);
    expect(themes.filter((t) => t === "fatherhood")).toHaveLength(3);
    expect(themes.filter((t) => t === "temptation")).toHaveLength(3);
    expect(themes.slice(0, 3)).toEqual(["prayer", "prayer", "prayer"]);
  });

  test("his goal in his own words brings forward the days that speak to it", () => {
    const goal = "Stop losing my temper and anger with my kids";
    const b = brief({ themes: ["fatherhood"], goal, days: 5, season: "young_children" });
    const days = writePlan(b);
    const goalWords = stems(goal);
    const speaking = days.filter((d) => [...stems(`${d.title} ${d.reading}`)].some((w) => goalWords.has(w) && w !== "kid"));
    expect(speaking.length).toBeGreaterThanOrEqual(3);
  });

  test("his season's question comes with each day (not for short and direct)", () => {
    const b = brief({ themes: ["work"], season: "widowed", days: 5 });
    const seasonQuestions = new Set(library.planComposer.season_questions.widowed.work);
    expect(writePlan(b).every((d) => seasonQuestions.has(d.questions[1]!))).toBe(true);
    const short = writePlan({ ...b, style: "short" });
    expect(short.every((d) => d.questions.length === 1 && !seasonQuestions.has(d.questions[0]!))).toBe(true);
  });

  test("a day that leans on the one before it comes right after it", () => {
    const leans = /\b(yesterday|so far)\b/i;
    for (const theme of FOCUS_THEME_IDS) {
      const planned = composer.selection(brief({ themes: [theme], days: 21 }), `leaning-${theme}`);
      planned.forEach((day, i) => {
        if (day.source !== "devotional" && leans.test(day.reading)) {
          expect(planned[i - 1], `${day.source} day ${day.position}`).toMatchObject({
            source: day.source,
            position: day.position - 1,
          });
        }
      });
    }
  });

  test("the same plan gets the same days; another plan with the same answers is not a copy", () => {
    const b = brief({ days: 10 });
    expect(writePlan(b, "same")).toEqual(writePlan(b, "same"));
    expect(writePlan(b, "other").map((d) => d.title)).not.toEqual(writePlan(b, "same").map((d) => d.title));
  });

  test("days a model wrote before are respected: no title or passage of theirs comes again", () => {
    const b = brief({ days: 6 });
    const composed = writePlan(b, "mixed");
    // Say a model wrote days 1-2 and happened to choose the composer's own day-3 passage.
    const previous: PlanDayDraft[] = [
      { ...composed[0]!, title: "A model's first day" },
      { ...composed[1]!, title: "A model's second day", passages: [composed[2]!.passages[0]!] },
    ];
    const day3 = composer.composePlanDay({ planId: "mixed", brief: b, dayNumber: 3, previous });
    expect(day3.title).not.toBe(composed[2]!.title);
    expectFollowsTheRules([...previous, day3], { ...b, days: 3 });
  });
});

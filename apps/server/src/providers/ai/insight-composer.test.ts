import { describe, expect, test } from "vitest";
import { addDays, emptyDay, FOCUS_THEME_IDS, MOODS, periodStats, type InsightDay, type PeriodStats } from "@shepherd/shared";
import type { InsightRequest } from "./ai";
import {
  composeInsight,
  INSIGHT_GUILT,
  insightRuleBreaks,
  journalThemes,
  listWords,
  SCRIPTURE_KEYS,
  situationOf,
  statisticNumbers,
} from "./insight-composer";
import { passageText } from "../../bible/passages";
import { loadLibrary } from "./library";

const content = loadLibrary().insights;
const TODAY = "2026-11-26";

/** A deterministic pseudo-random walk of days, so many shapes of week are tried. */
function days(seed: number, from: string, count: number, level: number): InsightDay[] {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
  return Array.from({ length: count }, (_, i) => {
    const present = next() < level;
    if (!present) return emptyDay(addDays(from, i));
    const connection = Math.round(next() * 100);
    return {
      date: addDays(from, i),
      connection,
      mood: MOODS[Math.floor(next() * 4)]!,
      focus_areas: FOCUS_THEME_IDS.filter(() => next() < 0.2),
      devotional_completed: next() < 0.6,
      checked_in: true,
      journal_entries: next() < 0.4 ? 1 : 0,
    };
  });
}

function request(options: Partial<InsightRequest> & { current: PeriodStats; previous: PeriodStats }): InsightRequest {
  return { userId: "u1", displayName: "Caleb", period: "week", journal: [], notes: [], care: false, ...options };
}

const week = (seed: number, level: number, from = "2026-11-20") =>
  periodStats(days(seed, from, 7, level), from, addDays(from, 6));

describe("the insight composer keeps the rules, whatever the week", () => {
  const journal = [
    "Talked with my wife tonight about the kids and prayed together.",
    "Work was hard; my boss pushed the deadline again. I prayed in the car.",
    "Grateful for my wife's patience this week.",
  ];
  const cases = Array.from({ length: 60 }, (_, i) => [i] as const);

  test.each(cases)("week %i", (i) => {
    const current = week(i * 7 + 1, (i % 5) / 4);
    const previous = week(i * 13 + 5, ((i + 2) % 5) / 4, "2026-11-13");
    const draft = composeInsight(request({ current, previous, journal: i % 2 ? journal : [] }), content);
    expect(insightRuleBreaks(draft)).toEqual([]);
    // Every number it states is one of his.
    const known = statisticNumbers(current, previous);
    for (const part of [draft.headline, draft.rose, draft.fell, draft.themes, draft.encouragement]) {
      for (const n of part.match(/\d+/g) ?? []) expect(known.has(Number(n)), `${n} in "${part}"`).toBe(true);
      expect(part).not.toMatch(INSIGHT_GUILT);
      expect(part).not.toMatch(/\bmissed\b|\bskipped\b/i);
    }
    expect(Object.values(content.scriptures).flat()).toContain(draft.scripture);
  });

  test("the same member, period and numbers give the same words", () => {
    const r = request({ current: week(3, 0.8), previous: week(4, 0.5, "2026-11-13"), journal });
    expect(composeInsight(r, content)).toEqual(composeInsight(r, content));
  });
});

describe("what rose and what fell", () => {
  const strong = periodStats(
    days(11, "2026-11-20", 7, 1).map((d) => ({ ...d, connection: 80, mood: "great" as const, focus_areas: [] })),
    "2026-11-20",
    TODAY,
  );
  const weak = periodStats(
    days(12, "2026-11-13", 7, 0.5).map((d) => (d.checked_in ? { ...d, connection: 40, mood: "neutral" as const } : d)),
    "2026-11-13",
    "2026-11-19",
  );

  test("a better week says what rose, with his numbers, and nothing fell", () => {
    const r = request({ current: strong, previous: weak });
    expect(situationOf(r)).toBe("rose");
    const draft = composeInsight(r, content);
    expect(draft.rose).toMatch(/80/);
    expect(draft.rose).toMatch(/40/);
    expect(content.fell_none.map((t) => t.replace("{period}", "week"))).toContain(draft.fell);
    expect(content.scriptures.rose).toContain(draft.scripture);
  });

  test("a harder week says what fell, gently, and gives a passage for hard days", () => {
    const r = request({ current: weak, previous: strong });
    expect(situationOf(r)).toBe("fell");
    const draft = composeInsight(r, content);
    expect(draft.fell).toMatch(/40/);
    expect(content.headlines.fell.map((t) => t.replace("{period}", "week"))).toContain(draft.headline);
    expect(content.scriptures.fell).toContain(draft.scripture);
  });

  test("a first week has nothing to compare with and says so", () => {
    const r = request({ current: strong, previous: periodStats([], "2026-11-13", "2026-11-19") });
    expect(situationOf(r)).toBe("first");
    const draft = composeInsight(r, content);
    expect(draft.rose).toContain(`${strong.doneDays} days`);
    expect(draft.fell).toMatch(/nothing before this week to compare/);
  });

  test("a month says month", () => {
    const draft = composeInsight(request({ period: "month", current: strong, previous: weak }), content);
    expect(`${draft.headline} ${draft.rose} ${draft.fell}`).toMatch(/month/);
    expect(`${draft.headline} ${draft.rose} ${draft.fell}`).not.toMatch(/\bweek\b/);
  });
});

describe("themes from his journal", () => {
  test("recurring themes count entries, not words, and are listed plainly", () => {
    const found = journalThemes(
      ["My wife and I prayed. My wife laughed.", "Work again, and my wife", "Praying for my son", "nothing much"],
      content,
    );
    expect(found.slice(0, 2)).toEqual([
      { id: "marriage", label: "your marriage", entries: 2 },
      { id: "prayer", label: "prayer", entries: 2 },
    ]);
    expect(listWords(["a", "b", "c"])).toBe("a, b and c");
  });

  test("a theme that recurs is named, and its passage is given", () => {
    const current = week(21, 0.9);
    const draft = composeInsight(
      request({
        current,
        previous: week(22, 0.9, "2026-11-13"),
        journal: ["Tempted again tonight.", "The temptation is strong at night.", "I prayed."],
      }),
      content,
    );
    expect(draft.themes).toContain("temptation");
    expect(content.scriptures.temptation).toContain(draft.scripture);
  });

  test("no entries: said without pressure", () => {
    const current = { ...week(31, 0.9), journalEntries: 0 };
    const draft = composeInsight(request({ current, previous: week(32, 0.9, "2026-11-13") }), content);
    expect(content.themes.no_entries.map((t) => t.replace("{period}", "week"))).toContain(draft.themes);
  });
});

describe("care", () => {
  test("a week with words of self-harm is written gently, from nothing he wrote, with a passage for the broken-hearted", () => {
    const r = request({ current: week(41, 0.9), previous: week(42, 0.2, "2026-11-13"), care: true });
    expect(situationOf(r)).toBe("care");
    const draft = composeInsight(r, content);
    expect(content.headlines.care.map((t) => t.replace("{period}", "week"))).toContain(draft.headline);
    expect(content.themes.care.map((t) => t.replace("{period}", "week"))).toContain(draft.themes);
    expect(content.care_numbers.map((t) => t.replace("{period}", "week"))).toContain(draft.fell);
    expect(content.scriptures.care).toContain(draft.scripture);
    expect(insightRuleBreaks(draft)).toEqual([]);
  });
});

describe("the rules themselves", () => {
  const good = {
    headline: "A steady week",
    rose: "Your connection rose.",
    fell: "Nothing fell.",
    themes: "Your journal turned to prayer.",
    encouragement: "Keep going.",
  };
  test("catch guilt, placeholders, length, links and words of self-harm", () => {
    expect(insightRuleBreaks(good)).toEqual([]);
    expect(insightRuleBreaks({ ...good, fell: "You missed three days." })).toContain("guilt-framed");
    expect(insightRuleBreaks({ ...good, fell: "You broke your streak." })).toContain("guilt-framed");
    expect(insightRuleBreaks({ ...good, rose: "It rose {current}." })).toContain("rose has a placeholder left");
    expect(
      insightRuleBreaks({ ...good, headline: "one two three four five six seven eight nine ten eleven twelve thirteen" }),
    ).toContain("headline is too long");
    expect(insightRuleBreaks({ ...good, themes: "One. Two. Three. Four." })).toContain("themes has 4 sentences");
    expect(insightRuleBreaks({ ...good, encouragement: "See https://example.com" })).toContain("has a link");
    expect(insightRuleBreaks({ ...good, themes: "You want to die." })).toContain("speaks of self-harm");
    expect(insightRuleBreaks({ ...good, rose: "" })).toContain("rose is empty");
  });

  test("every passage is one real WEB passage, short enough to read at a glance (CONTENT.md)", () => {
    for (const reference of new Set(Object.values(content.scriptures).flat())) {
      const text = passageText(reference);
      expect(text.trim().length, reference).toBeGreaterThan(0);
      expect(text.length, reference).toBeLessThan(700);
    }
  });

  test("every focus area and every situation has passages", () => {
    for (const key of SCRIPTURE_KEYS) expect(content.scriptures[key]?.length, key).toBeGreaterThan(0);
    for (const id of Object.keys(content.theme_keywords)) expect(content.theme_labels[id], id).toBeTruthy();
  });
});

import { describe, expect, test } from "vitest";
import { FOCUS_THEME_IDS } from "@shepherd/shared";
import { passageText, resolveWebReference } from "../../bible/passages";
import { loadPlanLibrary, PLAN_DAY_READING_MAX_WORDS, wordCount } from "./library";

/** CONTENT.md, "A plan and its days", and the checks it asks of the code: every reference resolves in the WEB. */

const { plans } = loadPlanLibrary();

describe("each starter plan", () => {
  test.each(plans.map((p) => [p.id, p] as const))("%s is whole, within its limits, and every reference resolves", (_id, plan) => {
    expect(plan.days.length).toBeGreaterThanOrEqual(3);
    expect(plan.days.length).toBeLessThanOrEqual(21);
    const titles = plan.days.map((d) => d.title);
    expect(new Set(titles).size, "day titles are distinct").toBe(titles.length);
    plan.days.forEach((day, i) => {
      const where = `${plan.id} day ${i + 1}`;
      expect(wordCount(day.reading), `${where} reading words`).toBeLessThanOrEqual(PLAN_DAY_READING_MAX_WORDS);
      expect(wordCount(day.reading), `${where} reading words`).toBeGreaterThanOrEqual(80);
      expect(wordCount(day.prayer), `${where} prayer words`).toBeLessThanOrEqual(120);
      for (const question of day.questions) expect(question, `${where} question`).toMatch(/\?$/);
      for (const reference of [...day.passages, ...day.references]) {
        expect(() => resolveWebReference(reference), `${where}: ${reference}`).not.toThrow();
        expect(passageText(reference).length, `${where}: ${reference}`).toBeGreaterThan(0);
      }
    });
  });
});

describe("the starter library", () => {
  test("at least 16 plans, two or more for every theme, 3 to 21 days, most 5 to 10, 150 days or more", () => {
    expect(plans.length).toBeGreaterThanOrEqual(16);
    for (const theme of FOCUS_THEME_IDS) {
      expect(plans.filter((p) => p.theme === theme).length, theme).toBeGreaterThanOrEqual(2);
    }
    const lengths = plans.map((p) => p.days.length);
    expect(lengths.filter((n) => n >= 5 && n <= 10).length * 2).toBeGreaterThan(lengths.length);
    expect(lengths.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(150);
    const ids = plans.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const titles = plans.map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

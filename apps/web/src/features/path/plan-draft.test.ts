import { describe, expect, it } from "vitest";
import {
  allowedStep,
  clearDraft,
  draftBrief,
  EMPTY_DRAFT,
  firstUnfinishedStep,
  loadDraft,
  PLAN_DRAFT_KEY,
  saveDraft,
  stepErrors,
  type PlanDraft,
} from "./plan-draft";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const complete: PlanDraft = {
  themes: ["marriage", "prayer"],
  goal: "  Pray with my wife and listen to her better  ",
  days: 7,
  season: "young_children",
  hard_now: "Little sleep",
  helped_before: "",
  minutes_per_day: 10,
  style: "reflective",
  challenge: true,
  audio: false,
};

describe("the wizard's answers in browser storage", () => {
  it("round-trips every answer under one versioned key, and is cleared once the plan is made", () => {
    const storage = memoryStorage();
    expect(loadDraft(storage)).toEqual(EMPTY_DRAFT);
    saveDraft(storage, complete);
    expect([...storage.items.keys()]).toEqual([PLAN_DRAFT_KEY]);
    expect(JSON.parse(storage.items.get(PLAN_DRAFT_KEY)!)).toEqual({ version: 1, answers: complete });
    expect(loadDraft(storage)).toEqual(complete);
    clearDraft(storage);
    expect(loadDraft(storage)).toEqual(EMPTY_DRAFT);
  });

  it("starts afresh from another version or broken JSON, and drops values of the wrong shape", () => {
    const storage = memoryStorage();
    storage.setItem(PLAN_DRAFT_KEY, JSON.stringify({ version: 2, answers: complete }));
    expect(loadDraft(storage)).toEqual(EMPTY_DRAFT);
    storage.setItem(PLAN_DRAFT_KEY, "{not json");
    expect(loadDraft(storage)).toEqual(EMPTY_DRAFT);
    storage.setItem(
      PLAN_DRAFT_KEY,
      JSON.stringify({ version: 1, answers: { themes: ["work", "golf", "work"], goal: 5, season: "astronaut", audio: "yes" } }),
    );
    expect(loadDraft(storage)).toEqual({ ...EMPTY_DRAFT, themes: ["work"] });
  });
});

describe("each step checked with the shared schemas", () => {
  it("names what is missing on each step, field by field", () => {
    expect(stepErrors("basics", EMPTY_DRAFT)).toEqual({
      themes: "Choose at least one thing to grow in",
      goal: "Say your goal in a sentence (at least 10 characters)",
    });
    expect(stepErrors("basics", { ...complete, themes: ["marriage", "work", "prayer", "leadership"], days: 31 })).toEqual({
      themes: "Choose up to three things to grow in",
      days: "A plan has at most 30 days",
    });
    expect(stepErrors("basics", { ...complete, days: null }).days).toBe("Choose how many days");
    expect(stepErrors("context", EMPTY_DRAFT)).toEqual({ season: "Choose the season you are in" });
    expect(stepErrors("context", { ...complete, hard_now: "x".repeat(501) })).toEqual({
      hard_now: "Keep this to 500 characters",
    });
    expect(stepErrors("preferences", EMPTY_DRAFT)).toEqual({ style: "Choose short, reflective or study" });
    expect(stepErrors("preferences", { ...complete, minutes_per_day: null }).minutes_per_day).toBe(
      "Choose 5, 10, 15, 20 minutes a day",
    );
    for (const step of ["basics", "context", "preferences"] as const) expect(stepErrors(step, complete)).toEqual({});
  });

  it("sends a step whose earlier steps are unfinished to the first unfinished one", () => {
    expect(firstUnfinishedStep(EMPTY_DRAFT)).toBe("basics");
    expect(allowedStep("basics", EMPTY_DRAFT)).toBe("basics");
    expect(allowedStep("review", EMPTY_DRAFT)).toBe("basics");
    const basicsDone = { ...EMPTY_DRAFT, themes: complete.themes, goal: complete.goal };
    expect(allowedStep("context", basicsDone)).toBe("context");
    expect(allowedStep("preferences", basicsDone)).toBe("context");
    expect(allowedStep("review", { ...complete, style: null })).toBe("preferences");
    expect(allowedStep("review", complete)).toBe("review");
    // Going back to an earlier step is always allowed.
    expect(allowedStep("basics", { ...complete, season: null })).toBe("basics");
  });

  it("makes the brief the server takes, trimmed, only when every step is done", () => {
    expect(draftBrief({ ...complete, season: null })).toBeNull();
    expect(draftBrief(complete)).toEqual({ ...complete, goal: "Pray with my wife and listen to her better" });
  });
});

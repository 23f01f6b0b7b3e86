import { describe, expect, test } from "vitest";
import { localDate } from "./today";
import {
  customPlanBasics,
  customPlanBrief,
  customPlanContext,
  customPlanPreferences,
  customPlanTitle,
  generationPollDecision,
  parseGenerationMarker,
  PLAN_POLL_GIVE_UP_MS,
  addDays,
  daysBetween,
  onboardingChoices,
  planSchedule,
  recommendPlans,
  resetStartDate,
  resumedStartDate,
  type RecommendablePlan,
  type ScheduleInput,
} from "./path";

const seven = (over: Partial<ScheduleInput>): ScheduleInput => ({
  dayCount: 7,
  status: "active",
  startDate: "2026-03-10",
  pausedOn: null,
  today: "2026-03-10",
  completedDays: [],
  ...over,
});

describe("the plan schedule", () => {
  test("day 1 opens on the start date, one more each calendar day, never past the last", () => {
    expect(planSchedule(seven({ today: "2026-03-09" }))).toMatchObject({ unlocked: 0, nextDay: null, behind: 0 });
    expect(planSchedule(seven({}))).toMatchObject({ unlocked: 1, nextDay: 1, behind: 0, percent: 0 });
    expect(planSchedule(seven({ today: "2026-03-12", completedDays: [1, 2] }))).toMatchObject({
      unlocked: 3,
      nextDay: 3,
      behind: 0,
      completedCount: 2,
      percent: 29,
    });
    expect(planSchedule(seven({ today: "2026-04-30" })).unlocked).toBe(7);
  });

  test("the days unlock in the member's own time zone: at the same instant, two men can be a day apart", () => {
    const instant = new Date("2026-03-11T03:30:00Z");
    const chicago = planSchedule(seven({ today: localDate(instant, "America/Chicago") }));
    const berlin = planSchedule(seven({ today: localDate(instant, "Europe/Berlin") }));
    expect(chicago.unlocked).toBe(1);
    expect(berlin.unlocked).toBe(2);
  });

  test("missed days make him behind; Catch up is doing them, and any order counts", () => {
    const behind = planSchedule(seven({ today: "2026-03-13", completedDays: [1] }));
    expect(behind).toMatchObject({ unlocked: 4, nextDay: 2, behind: 2 });
    const caughtUp = planSchedule(seven({ today: "2026-03-13", completedDays: [1, 2, 3] }));
    expect(caughtUp).toMatchObject({ nextDay: 4, behind: 0 });
    const allDoneToday = planSchedule(seven({ today: "2026-03-13", completedDays: [1, 2, 3, 4] }));
    expect(allDoneToday).toMatchObject({ nextDay: null, behind: 0 });
  });

  test("Reset schedule moves the plan so the first day not done is today's", () => {
    const start = resetStartDate({ today: "2026-03-20", completedDays: [1, 2], dayCount: 7 });
    expect(start).toBe("2026-03-18");
    expect(planSchedule(seven({ startDate: start, today: "2026-03-20", completedDays: [1, 2] }))).toMatchObject({
      unlocked: 3,
      nextDay: 3,
      behind: 0,
    });
    expect(resetStartDate({ today: "2026-03-20", completedDays: [], dayCount: 7 })).toBe("2026-03-20");
  });

  test("a pause freezes the schedule, and resuming moves it on by the days it waited", () => {
    const paused = seven({ status: "paused", pausedOn: "2026-03-12", today: "2026-03-25", completedDays: [1, 2, 3] });
    expect(planSchedule(paused)).toMatchObject({ unlocked: 3, nextDay: null, behind: 0 });
    const start = resumedStartDate({ startDate: "2026-03-10", pausedOn: "2026-03-12", today: "2026-03-25" });
    expect(start).toBe("2026-03-23");
    expect(planSchedule(seven({ startDate: start, today: "2026-03-25", completedDays: [1, 2, 3] }))).toMatchObject({
      unlocked: 3,
      nextDay: null,
    });
    expect(planSchedule(seven({ startDate: start, today: "2026-03-26", completedDays: [1, 2, 3] })).nextDay).toBe(4);
  });

  test("finished when every day is done; a completed plan shows every day open", () => {
    const all = [1, 2, 3, 4, 5, 6, 7];
    expect(planSchedule(seven({ today: "2026-03-16", completedDays: all }))).toMatchObject({ finished: true, percent: 100 });
    expect(planSchedule(seven({ status: "completed", today: "2026-03-11", completedDays: all })).unlocked).toBe(7);
  });

  test("dates", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(daysBetween("2026-12-31", "2027-01-02")).toBe(2);
    expect(daysBetween("2026-03-10", "2026-03-08")).toBe(-2);
  });
});

const plan = (id: string, theme: RecommendablePlan["theme"], dayCount: number, topics: RecommendablePlan["topics"] = []) => ({
  id,
  theme,
  dayCount,
  topics,
  title: id,
});

describe("recommendations", () => {
  const library = [
    plan("prayer-21", "prayer", 21, ["consistent_prayer"]),
    plan("prayer-7", "prayer", 7, ["consistent_prayer"]),
    plan("marriage-14", "marriage", 14, ["marriage_strain"]),
    plan("marriage-7", "marriage", 7, ["new_marriage"]),
    plan("work-5", "work", 5, ["work_pressure"]),
    plan("anger-14", "temptation", 14, ["anger"]),
  ];

  test("his focus first in his order, then his current topics, then the lengths men finish, then the title", () => {
    const order = recommendPlans(library, { focus: ["marriage", "prayer"], currentTopics: ["marriage_strain"] });
    expect(order.map((p) => p.id)).toEqual(["marriage-14", "marriage-7", "prayer-7", "prayer-21", "work-5", "anger-14"]);
    const noFocus = recommendPlans(library, { focus: [], currentTopics: ["anger"] });
    expect(noFocus[0]!.id).toBe("anger-14");
    expect(noFocus.slice(1).map((p) => p.id)).toEqual(["marriage-7", "prayer-7", "work-5", "marriage-14", "prayer-21"]);
  });

  test("onboarding offers one plan per focus theme first, then the next best", () => {
    const three = onboardingChoices(library, { focus: ["prayer", "marriage"], currentTopics: [] });
    expect(three.map((p) => p.id)).toEqual(["prayer-7", "marriage-7", "prayer-21"]);
    const one = onboardingChoices(library, { focus: ["work"], currentTopics: ["anger"] }, 2);
    expect(one.map((p) => p.id)).toEqual(["work-5", "anger-14"]);
  });
});

describe("waiting for a plan to be written (spec section 4, Plan generation)", () => {
  const marker = { planId: "p1", planTitle: "7 Days for Marriage", startedAt: 1_000_000 };

  test("ready once the plan has a day; waiting while it has none", () => {
    expect(generationPollDecision(marker, marker.startedAt + 5000, true)).toBe("ready");
    expect(generationPollDecision(marker, marker.startedAt + 5000, false)).toBe("wait");
  });

  test("a failed check is retried at the next poll (section 8), not given up on", () => {
    expect(generationPollDecision(marker, marker.startedAt + 10_000, null)).toBe("wait");
  });

  test("after 5 minutes the marker is given up on, before the plan is checked", () => {
    expect(PLAN_POLL_GIVE_UP_MS).toBe(300_000);
    expect(generationPollDecision(marker, marker.startedAt + 300_000, false)).toBe("wait");
    expect(generationPollDecision(marker, marker.startedAt + 300_001, false)).toBe("give_up");
    expect(generationPollDecision(marker, marker.startedAt + 300_001, true)).toBe("give_up");
  });

  test("the marker in browser storage: planId, planTitle, startedAt; anything else is no marker", () => {
    expect(parseGenerationMarker(JSON.stringify(marker))).toEqual(marker);
    expect(parseGenerationMarker(null)).toBeNull();
    expect(parseGenerationMarker("not json")).toBeNull();
    expect(parseGenerationMarker(JSON.stringify({ planId: "p1", startedAt: "yesterday" }))).toBeNull();
  });
});

describe("the creation wizard's answers", () => {
  const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.success ? [] : result.error!.issues.map((i) => i.message);

  test("basics: one to three themes, a goal in a sentence, 3 to 30 days", () => {
    expect(customPlanBasics.safeParse({ themes: ["marriage"], goal: "Pray with my wife daily", days: 7 }).success).toBe(true);
    expect(issues(customPlanBasics.safeParse({ themes: [], goal: "Pray with my wife daily", days: 7 }))).toEqual([
      "Choose at least one thing to grow in",
    ]);
    expect(issues(customPlanBasics.safeParse({ themes: ["marriage"], goal: "  pray   ", days: 7 }))).toEqual([
      "Say your goal in a sentence (at least 10 characters)",
    ]);
    expect(issues(customPlanBasics.safeParse({ themes: ["marriage"], goal: "Pray with my wife daily", days: 31 }))).toEqual([
      "A plan has at most 30 days",
    ]);
    expect(issues(customPlanBasics.safeParse({ themes: ["golf"], goal: "Pray with my wife daily", days: 7 }))).toEqual([
      "Choose from the eight themes",
    ]);
  });

  test("context: a season; what is hard and what helped are optional, up to 500 characters", () => {
    expect(customPlanContext.parse({ season: "grandfather" })).toEqual({
      season: "grandfather",
      hard_now: "",
      helped_before: "",
    });
    expect(issues(customPlanContext.safeParse({ season: "retired" }))).toEqual(["Choose the season you are in"]);
    expect(issues(customPlanContext.safeParse({ season: "married", hard_now: "x".repeat(501) }))).toEqual([
      "Keep this to 500 characters",
    ]);
  });

  test("preferences: minutes from the list, a style, challenge and audio yes or no", () => {
    const good = { minutes_per_day: 15, style: "study", challenge: false, audio: true };
    expect(customPlanPreferences.safeParse(good).success).toBe(true);
    expect(issues(customPlanPreferences.safeParse({ ...good, minutes_per_day: 12 }))).toEqual([
      "Choose 5, 10, 15, 20 minutes a day",
    ]);
    expect(issues(customPlanPreferences.safeParse({ ...good, style: "long" }))).toEqual(["Choose short, reflective or study"]);
  });

  test("the whole brief is the three steps together, and nothing else", () => {
    const whole = {
      themes: ["prayer"],
      goal: "Pray every morning before work",
      days: 5,
      season: "single",
      hard_now: "",
      helped_before: "",
      minutes_per_day: 10,
      style: "short",
      challenge: true,
      audio: false,
    };
    expect(customPlanBrief.safeParse(whole).success).toBe(true);
    expect(customPlanBrief.safeParse({ ...whole, extra: 1 }).success).toBe(false);
    const { season: _season, ...missing } = whole;
    expect(customPlanBrief.safeParse(missing).success).toBe(false);
  });

  test("a new plan's title", () => {
    const label = (id: string) => ({ marriage: "Marriage", prayer: "Prayer Life", work: "Work" })[id] ?? id;
    expect(customPlanTitle({ themes: ["marriage"], days: 7 }, label)).toBe("7 Days for Marriage");
    expect(customPlanTitle({ themes: ["marriage", "prayer", "work"], days: 21 }, label)).toBe(
      "21 Days for Marriage, Prayer Life and Work",
    );
  });
});

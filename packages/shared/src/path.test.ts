import { describe, expect, test } from "vitest";
import { localDate } from "./today";
import {
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

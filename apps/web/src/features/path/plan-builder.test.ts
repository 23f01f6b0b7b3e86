import { describe, expect, it } from "vitest";
import type { BuilderPlan } from "@shepherd/shared/path";
import {
  addDay,
  blankDay,
  clearFieldErrors,
  clearLocalCopy,
  dayFieldKey,
  dayHasErrors,
  firstErrorField,
  fromBuilderPlan,
  loadLocalCopy,
  localCopyKey,
  mapServerIssues,
  moveAnnouncement,
  moveDay,
  planFieldKey,
  removeDay,
  samePlan,
  saveLocalCopy,
  toSaveBody,
  updateDay,
  type EditorPlan,
} from "./plan-builder";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const serverPlan: BuilderPlan = {
  id: "7b1c8a52-2a3e-4a8e-9d55-0a0c3f2b9c11",
  title: "Walking in the Light",
  promise: "Three days to walk in God's light",
  description: "",
  theme: "prayer",
  minutes_per_day: 10,
  status: "draft",
  unpublished_changes: false,
  updated_at: "2026-03-01T10:00:00.000Z",
  days: [
    {
      title: "Light",
      passages: ["1 John 1:5-7"],
      references: [],
      reading: "Light shows the way.",
      questions: ["Where?"],
      challenge: "",
      prayer: "Amen.",
    },
    { title: "Lamp", passages: [], references: ["John 8:12"], reading: "", questions: [], challenge: "", prayer: "" },
    { title: "Path", passages: ["Psalm 119:105"], references: [], reading: "", questions: [], challenge: "", prayer: "" },
  ],
};

const titles = (plan: EditorPlan) => plan.days.map((d) => d.title);

describe("the editor's days", () => {
  it("opens a plan with a key per day and a box to type in for an empty passage or question list", () => {
    const plan = fromBuilderPlan(serverPlan);
    expect(new Set(plan.days.map((d) => d.key)).size).toBe(3);
    expect(plan.days[1]).toMatchObject({ passages: [""], references: ["John 8:12"], questions: [""] });
  });

  it("adds a blank day at the end or after a day, and stops at 30 days", () => {
    const plan = fromBuilderPlan(serverPlan);
    expect(titles(addDay(plan))).toEqual(["Light", "Lamp", "Path", ""]);
    expect(titles(addDay(plan, 0))).toEqual(["Light", "", "Lamp", "Path"]);
    const full: EditorPlan = { ...plan, days: Array.from({ length: 30 }, blankDay) };
    expect(addDay(full)).toBe(full);
  });

  it("removes a day, but never the last one", () => {
    const plan = fromBuilderPlan(serverPlan);
    expect(titles(removeDay(plan, 1))).toEqual(["Light", "Path"]);
    const one = removeDay(removeDay(plan, 0), 0);
    expect(removeDay(one, 0)).toBe(one);
  });

  it("moves a day up or down with its key, and leaves the plan alone for a move out of range", () => {
    const plan = fromBuilderPlan(serverPlan);
    const moved = moveDay(plan, 2, 1);
    expect(titles(moved)).toEqual(["Light", "Path", "Lamp"]);
    expect(moved.days[1]!.key).toBe(plan.days[2]!.key);
    expect(titles(moveDay(plan, 0, 2))).toEqual(["Lamp", "Path", "Light"]);
    expect(moveDay(plan, 0, -1)).toBe(plan);
    expect(moveDay(plan, 2, 3)).toBe(plan);
    expect(moveAnnouncement(2, 1)).toBe("Day 3 moved to day 2");
  });

  it("sends the days in order without their keys or empty boxes, and tells unsaved edits apart", () => {
    const plan = fromBuilderPlan(serverPlan);
    const body = toSaveBody(plan);
    expect(body.days[1]).toEqual({
      title: "Lamp",
      passages: [],
      references: ["John 8:12"],
      reading: "",
      questions: [],
      challenge: "",
      prayer: "",
    });
    expect(samePlan(plan, fromBuilderPlan(serverPlan))).toBe(true);
    const withEmptyBox = updateDay(plan, plan.days[0]!.key, { references: [""] });
    expect(samePlan(plan, withEmptyBox)).toBe(true);
    expect(samePlan(plan, updateDay(plan, plan.days[0]!.key, { prayer: "Lord, lead me. Amen." }))).toBe(false);
    expect(samePlan(plan, moveDay(plan, 0, 1))).toBe(false);
  });
});

describe("the server's messages on the boxes they name", () => {
  it("puts a bad reference on its box, counting the empty boxes that were not sent", () => {
    const plan = fromBuilderPlan(serverPlan);
    const day2 = plan.days[1]!;
    const edited = updateDay(plan, day2.key, { passages: ["", "Hezekiah 3:1"] });
    const message = 'Day 2: "Hezekiah 3:1" is not a passage we can find. There is no book called Hezekiah.';
    const errors = mapServerIssues(edited, [`days.1.passages.0: ${message}`]);
    expect(errors.fields).toEqual({ [dayFieldKey(day2.key, "passages", 1)]: message });
    expect(errors.general).toEqual([]);
    expect(dayHasErrors(errors, day2.key)).toBe(true);
    expect(dayHasErrors(errors, plan.days[0]!.key)).toBe(false);
  });

  it("maps publish's gaps, the plan's fields and messages that name no field, keeping the first per field", () => {
    const plan = fromBuilderPlan(serverPlan);
    const [, day2, day3] = plan.days;
    const errors = mapServerIssues(plan, [
      "promise: Say in a line what the plan promises.",
      "days.1.reading: Day 2 needs its reading.",
      "days.2.prayer: Day 3 needs a prayer.",
      "days.2.prayer: something later",
      "days.0.questions.1: Keep a question to 300 characters",
      "days: A plan has at least one day",
      "Unknown field: colour",
    ]);
    expect(errors.fields).toEqual({
      [planFieldKey("promise")]: "Say in a line what the plan promises.",
      [dayFieldKey(day2!.key, "reading")]: "Day 2 needs its reading.",
      [dayFieldKey(day3!.key, "prayer")]: "Day 3 needs a prayer.",
      [dayFieldKey(plan.days[0]!.key, "questions", 1)]: "Keep a question to 300 characters",
    });
    expect(errors.general).toEqual(["A plan has at least one day", "Unknown field: colour"]);
  });

  it("finds the first message in page order (plan fields, then days in order, each day's fields in order)", () => {
    const plan = fromBuilderPlan(serverPlan);
    const [day1, day2] = plan.days;
    const dayOnly = mapServerIssues(plan, ["days.1.prayer: Day 2 needs a prayer.", "days.1.title: Day 2 needs a title."]);
    expect(firstErrorField(plan, dayOnly)).toEqual({ key: dayFieldKey(day2!.key, "title"), dayKey: day2!.key });
    const both = mapServerIssues(plan, ["days.0.passages.0: Day 1: bad", "title: Give your plan a title"]);
    expect(firstErrorField(plan, both)).toEqual({ key: planFieldKey("title"), dayKey: null });
    const box = mapServerIssues(plan, ["days.0.passages.0: Day 1: bad"]);
    expect(firstErrorField(plan, box)).toEqual({ key: dayFieldKey(day1!.key, "passages", 0), dayKey: day1!.key });
    expect(firstErrorField(plan, mapServerIssues(plan, []))).toBeNull();
  });

  it("drops a field's messages (and its boxes') once he changes it", () => {
    const plan = fromBuilderPlan(serverPlan);
    const key = plan.days[0]!.key;
    const errors = mapServerIssues(plan, ["days.0.passages.0: Day 1: bad", "days.0.prayer: Day 1 needs a prayer."]);
    const cleared = clearFieldErrors(errors, dayFieldKey(key, "passages"));
    expect(Object.keys(cleared.fields)).toEqual([dayFieldKey(key, "prayer")]);
    expect(clearFieldErrors(cleared, planFieldKey("title"))).toBe(cleared);
  });
});

describe("the local copy of unsaved edits", () => {
  it("round-trips the plan per plan id (days get fresh keys), and is cleared after a save", () => {
    const storage = memoryStorage();
    const plan = fromBuilderPlan(serverPlan);
    const edited = updateDay(plan, plan.days[0]!.key, { title: "Light for the way" });
    saveLocalCopy(storage, serverPlan.id, edited);
    expect([...storage.items.keys()]).toEqual([localCopyKey(serverPlan.id)]);
    const restored = loadLocalCopy(storage, serverPlan.id)!;
    expect(toSaveBody(restored)).toEqual(toSaveBody(edited));
    expect(restored.days[0]!.key).not.toBe(edited.days[0]!.key);
    expect(loadLocalCopy(storage, "another-plan")).toBeNull();
    clearLocalCopy(storage, serverPlan.id);
    expect(loadLocalCopy(storage, serverPlan.id)).toBeNull();
  });

  it("ignores what is not JSON, another version, or not a plan's shape", () => {
    const storage = memoryStorage();
    const key = localCopyKey(serverPlan.id);
    for (const value of [
      "not json",
      JSON.stringify({ version: 2, plan: {} }),
      JSON.stringify({
        version: 1,
        plan: { title: "x", promise: "", description: "", theme: "golf", minutes_per_day: 10, days: [] },
      }),
      JSON.stringify({
        version: 1,
        plan: { title: "x", promise: "", description: "", theme: "prayer", minutes_per_day: 10, days: [{ title: 3 }] },
      }),
    ]) {
      storage.items.set(key, value);
      expect(loadLocalCopy(storage, serverPlan.id)).toBeNull();
    }
  });

  it("keeps working when storage refuses to keep anything", () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(() => saveLocalCopy(full, serverPlan.id, fromBuilderPlan(serverPlan))).not.toThrow();
    } finally {
      console.error = original;
    }
  });
});

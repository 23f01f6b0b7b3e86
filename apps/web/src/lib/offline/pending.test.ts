import { describe, expect, test } from "vitest";
import type { TodayState } from "@shepherd/shared/api";
import type { PlanDetail } from "@shepherd/shared/path";
import type { ChapterAnnotations } from "@shepherd/shared/word";
import { newWrite, type QueuedWrite } from "./queue";
import { annotationsWithQueued, planWithQueued, queuedJournalEntries, queuedPlanDays, todayWithQueued } from "./pending";

const write = (method: QueuedWrite["method"], path: string, body: unknown, at = 1_790_000_000_000) =>
  newWrite({ memberId: "m", method, path, body, label: "x" }, at);

const today = {
  date: "2026-11-27",
  time_zone: "America/New_York",
  devotional: { id: "d1" },
  progress: {
    id: "p",
    devotional_id: "d1",
    completed: false,
    completed_at: null,
    spiritual_connection: 50,
    connection_updated_at: null,
    prayed_at: null,
  },
  streak: 2,
  checkin: null,
  journal_saved_today: false,
  whisper: null,
} as unknown as TodayState;

describe("what waits on the device, shown on the page", () => {
  test("Today: Mark Complete and the check-in made offline show done and waiting; another devotional's or day's do not", () => {
    const writes = [
      write("POST", "/api/progress/complete", { devotional_id: "d1" }),
      write("PUT", "/api/checkins/today", { mood: "good", focus_areas: ["prayer"], made_on: "2026-11-27" }),
    ];
    const shown = todayWithQueued(today, writes);
    expect(shown.waiting).toEqual({ complete: true, checkin: true });
    expect(shown.state.progress.completed).toBe(true);
    expect(shown.state.checkin).toMatchObject({
      check_in_date: "2026-11-27",
      mood: "good",
      focus_areas: ["prayer"],
      notes: null,
    });
    expect(shown.state.journal_saved_today).toBe(false);
    const journal = write("POST", "/api/journal", { content: "x", devotional_id: "d1" });
    expect(todayWithQueued(today, [journal]).state.journal_saved_today).toBe(true);

    const other = todayWithQueued(today, [
      write("POST", "/api/progress/complete", { devotional_id: "d0" }),
      write("PUT", "/api/checkins/today", { mood: "good", made_on: "2026-11-26" }),
    ]);
    expect(other.waiting).toEqual({ complete: false, checkin: false });
    expect(other.state).toEqual(today);
  });

  test("the last of two check-ins made offline the same day is the one shown", () => {
    const shown = todayWithQueued(today, [
      write("PUT", "/api/checkins/today", { mood: "neutral", made_on: "2026-11-27" }),
      write("PUT", "/api/checkins/today", { mood: "great", notes: "  rested  ", made_on: "2026-11-27" }),
    ]);
    expect(shown.state.checkin).toMatchObject({ mood: "great", notes: "rested" });
  });

  test("a plan's days marked complete offline show done, only that plan's", () => {
    const plan = {
      id: "plan-1",
      days: [1, 2, 3].map((n) => ({ day_number: n, completed: n === 1 })),
    } as unknown as PlanDetail;
    const writes = [
      write("POST", "/api/path/plans/plan-1/days/2/complete", { made_on: "2026-11-27" }),
      write("POST", "/api/path/plans/plan-9/days/3/complete", { made_on: "2026-11-27" }),
    ];
    expect(queuedPlanDays(writes, "plan-1")).toEqual([2]);
    expect(planWithQueued(plan, writes).days.map((d) => d.completed)).toEqual([true, true, false]);
    expect(planWithQueued(plan, [])).toBe(plan);
  });

  test("highlights, bookmarks and notes changed offline are laid over the chapter in the order they were made", () => {
    const annotations: ChapterAnnotations = {
      highlights: [{ book: "JHN", chapter: 3, verse: 16, color: "yellow", updated_at: "2026-11-01T00:00:00.000Z" }],
      bookmarks: [{ book: "JHN", chapter: 3, verse: 1, created_at: "2026-11-01T00:00:00.000Z" }],
      notes: [],
    };
    const writes = [
      write("PUT", "/api/word/highlights", { book: "JHN", chapter: 3, verses: [16, 17], color: "green" }, 1),
      write("DELETE", "/api/word/highlights", { book: "JHN", chapter: 3, verses: [17] }, 2),
      write("DELETE", "/api/word/bookmarks", { book: "JHN", chapter: 3, verses: [1] }, 3),
      write("PUT", "/api/word/bookmarks", { book: "JHN", chapter: 3, verses: [5] }, 4),
      write("POST", "/api/word/notes", { book: "JHN", chapter: 3, verses: [16], content: "Loved first." }, 5),
      write("PUT", "/api/word/highlights", { book: "JHN", chapter: 4, verses: [1], color: "pink" }, 6),
    ];
    const shown = annotationsWithQueued(annotations, writes, "JHN", 3);
    expect(shown.highlights.map((h) => [h.verse, h.color])).toEqual([[16, "green"]]);
    expect(shown.bookmarks.map((b) => b.verse)).toEqual([5]);
    expect(shown.notes).toEqual([expect.objectContaining({ id: writes[4]!.id, verses: [16], content: "Loved first." })]);
  });

  test("journal entries written offline, newest first", () => {
    const writes = [
      write("POST", "/api/journal", { content: "first" }, 1000),
      write("PUT", "/api/checkins/today", { mood: "good" }, 1500),
      write("POST", "/api/journal", { content: "second", devotional_id: "d1" }, 2000),
    ];
    expect(queuedJournalEntries(writes).map((e) => e.content)).toEqual(["second", "first"]);
  });
});

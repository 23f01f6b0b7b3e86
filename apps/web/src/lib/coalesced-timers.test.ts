import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCoalescedTimers } from "./coalesced-timers";

describe("createCoalescedTimers", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-29T08:00:00.250Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("gives waits that end within the same second one browser timer, and ends each on that second, never early", () => {
    const timers = createCoalescedTimers();
    const firedAt: number[] = [];
    // A cold load's stale waits: thirty seconds each, set a few milliseconds apart, all ending before 08:00:31.
    for (let i = 0; i < 20; i++) {
      timers.setTimeout(() => firedAt.push(Date.now()), 30_000 - i * 10);
      vi.advanceTimersByTime(3);
    }
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(30_689);
    expect(firedAt).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(firedAt).toEqual(Array(20).fill(new Date("2026-11-29T08:00:31.000Z").getTime()));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("gives waits ending in different seconds their own timers, each firing in order", () => {
    const timers = createCoalescedTimers();
    const fired: number[] = [];
    timers.setTimeout(() => fired.push(300), 300_000);
    timers.setTimeout(() => fired.push(30), 30_000);
    timers.setTimeout(() => fired.push(60), 60_000);
    expect(vi.getTimerCount()).toBe(3);
    vi.advanceTimersByTime(31_000);
    expect(fired).toEqual([30]);
    vi.advanceTimersByTime(300_000);
    expect(fired).toEqual([30, 60, 300]);
  });

  it("keeps a short wait exact, on a timer of its own", () => {
    const timers = createCoalescedTimers();
    const fired: number[] = [];
    timers.setTimeout(() => fired.push(1), 1000);
    timers.setTimeout(() => fired.push(2), 1000);
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([1, 2]);
  });

  it("cancels a wait, and drops the browser timer once its second has nothing left to run", () => {
    const timers = createCoalescedTimers();
    const fired: string[] = [];
    const a = timers.setTimeout(() => fired.push("a"), 30_000);
    const b = timers.setTimeout(() => fired.push("b"), 30_010);
    const short = timers.setTimeout(() => fired.push("short"), 100);
    timers.clearTimeout(a);
    timers.clearTimeout(short);
    expect(vi.getTimerCount()).toBe(1);
    timers.clearTimeout(b);
    expect(vi.getTimerCount()).toBe(0);
    timers.clearTimeout(b);
    timers.clearTimeout(undefined);
    vi.advanceTimersByTime(60_000);
    expect(fired).toEqual([]);
  });

  it("lets a callback cancel a later one of its own second, and one that throws does not stop the rest", () => {
    const reported: unknown[] = [];
    vi.stubGlobal("reportError", (error: unknown) => reported.push(error));
    try {
      const timers = createCoalescedTimers();
      const fired: string[] = [];
      let later = 0;
      timers.setTimeout(() => {
        fired.push("first");
        timers.clearTimeout(later);
      }, 30_000);
      timers.setTimeout(() => {
        throw new Error("a query's clean-up failed");
      }, 30_000);
      later = timers.setTimeout(() => fired.push("cancelled"), 30_000);
      timers.setTimeout(() => fired.push("last"), 30_000);
      vi.advanceTimersByTime(31_000);
      expect(fired).toEqual(["first", "last"]);
      expect(reported).toEqual([new Error("a query's clean-up failed")]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("passes intervals to the browser", () => {
    const timers = createCoalescedTimers();
    let ticks = 0;
    const id = timers.setInterval(() => ticks++, 60_000);
    vi.advanceTimersByTime(180_000);
    expect(ticks).toBe(3);
    timers.clearInterval(id);
    vi.advanceTimersByTime(180_000);
    expect(ticks).toBe(3);
  });
});

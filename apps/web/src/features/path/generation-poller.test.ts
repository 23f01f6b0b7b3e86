import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PLAN_GENERATION_MARKER_KEY, type GenerationMarker } from "@shepherd/shared/plan-generation";
import {
  createGenerationPoller,
  MARKER_CHANGED_EVENT,
  readGenerationMarker,
  writeGenerationMarker,
  type GenerationToast,
} from "./generation-poller";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const START = Date.UTC(2026, 10, 24, 8, 0, 0);
const marker: GenerationMarker = { planId: "plan-1", planTitle: "7 Days for Marriage and Prayer Life", startedAt: START };

function setup(hasDay: (planId: string) => Promise<boolean>) {
  const storage = memoryStorage();
  const toasts: GenerationToast[] = [];
  const opened: string[] = [];
  const ready: GenerationMarker[] = [];
  const logError = vi.fn();
  const check = vi.fn(hasDay);
  const poller = createGenerationPoller({
    storage,
    hasDay: check,
    toast: (toast) => toasts.push(toast),
    openPlan: (planId) => opened.push(planId),
    onReady: (m) => ready.push(m),
    logError,
  });
  return { storage, toasts, opened, ready, logError, check, poller };
}

describe("the plan generation poller (spec section 4)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it("polls at once and every 5 seconds; once the plan has a day: marker removed, polling stopped, the ready toast", async () => {
    let written = false;
    const t = setup(async () => written);
    writeGenerationMarker(t.storage, marker);
    t.poller.sync();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.check).toHaveBeenCalledTimes(1);
    expect(t.check).toHaveBeenLastCalledWith("plan-1");
    await vi.advanceTimersByTimeAsync(4999);
    expect(t.check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.check).toHaveBeenCalledTimes(2);
    expect(t.toasts).toEqual([]);

    written = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.check).toHaveBeenCalledTimes(3);
    expect(t.storage.getItem(PLAN_GENERATION_MARKER_KEY)).toBeNull();
    expect(t.ready).toEqual([marker]);
    expect(t.toasts).toEqual([
      {
        title: "Your plan is ready!",
        description: "7 Days for Marriage and Prayer Life",
        destructive: false,
        duration: 10_000,
        action: { label: "View Plan", onClick: expect.any(Function) },
      },
    ]);
    t.toasts[0]!.action!.onClick();
    expect(t.opened).toEqual(["plan-1"]);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.check).toHaveBeenCalledTimes(3);
    expect(t.toasts).toHaveLength(1);
  });

  it("gives up after 5 minutes: marker removed and the destructive toast", async () => {
    const t = setup(async () => false);
    writeGenerationMarker(t.storage, marker);
    t.poller.sync();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(t.toasts).toEqual([]);
    expect(readGenerationMarker(t.storage)).toEqual(marker);
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.storage.getItem(PLAN_GENERATION_MARKER_KEY)).toBeNull();
    expect(t.toasts).toEqual([
      {
        title: "Generation taking longer than expected",
        description: "Check your plans page to see if your plan completed.",
        destructive: true,
      },
    ]);
    const checks = t.check.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.check).toHaveBeenCalledTimes(checks);
    expect(t.ready).toEqual([]);
  });

  it("a marker already older than 5 minutes (he came back later) is given up on without asking", async () => {
    const t = setup(async () => true);
    writeGenerationMarker(t.storage, { ...marker, startedAt: START - 300_001 });
    t.poller.sync();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.check).not.toHaveBeenCalled();
    expect(t.toasts.map((toast) => toast.title)).toEqual(["Generation taking longer than expected"]);
  });

  it("a failing check is logged and tried again 5 seconds later", async () => {
    let fail = true;
    const t = setup(async () => {
      if (fail) throw new Error("Failed to fetch");
      return true;
    });
    writeGenerationMarker(t.storage, marker);
    t.poller.sync();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.logError).toHaveBeenCalledTimes(1);
    expect(t.logError.mock.calls[0]![1]).toEqual(new Error("Failed to fetch"));
    expect(readGenerationMarker(t.storage)).toEqual(marker);
    expect(t.toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.logError).toHaveBeenCalledTimes(2);
    fail = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.check).toHaveBeenCalledTimes(3);
    expect(t.toasts.map((toast) => toast.title)).toEqual(["Your plan is ready!"]);
  });

  it("does nothing without a marker, and picks one up when told (another tab, a new plan); stops when it goes", async () => {
    const t = setup(async () => false);
    t.poller.sync();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.check).not.toHaveBeenCalled();

    const events = new EventTarget();
    events.addEventListener(MARKER_CHANGED_EVENT, t.poller.sync);
    writeGenerationMarker(t.storage, marker, events);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.check).toHaveBeenCalledTimes(1);

    // Another tab finished with it.
    t.storage.removeItem(PLAN_GENERATION_MARKER_KEY);
    t.poller.sync();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.check).toHaveBeenCalledTimes(1);
    expect(t.toasts).toEqual([]);
  });

  it("stops for good when disposed", async () => {
    const t = setup(async () => false);
    writeGenerationMarker(t.storage, marker);
    t.poller.sync();
    await vi.advanceTimersByTimeAsync(0);
    t.poller.dispose();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.check).toHaveBeenCalledTimes(1);
  });
});

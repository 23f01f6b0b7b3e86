import { toast, type ToastT } from "sonner";
import { describe, expect, it, vi } from "vitest";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("toasts before the Toaster is on the page", () => {
  it("asks for the Toaster at the first toast, waits until it listens, then shows every toast asked for, in order", async () => {
    // A page that has just opened: our module evaluated afresh, whatever files ran before this one in the worker (the
    // unit tests share their workers' modules). Sonner's history is the worker's, so only what this test adds is read.
    vi.resetModules();
    const { notify, notifyError, onToastWanted, toasterReady } = await import("./toast");
    const before = toast.getHistory().length;
    let asked = 0;
    const stop = onToastWanted(() => (asked += 1));
    expect(asked).toBe(0);

    notify("Audio ready");
    notifyError("Error saving progress", "The network is down");
    expect(asked).toBe(1);
    await settle();
    expect(toast.getHistory().length).toBe(before);

    toasterReady();
    await settle();
    const shown = toast.getHistory().slice(before) as ToastT[];
    expect(shown.map((one) => [one.title, one.type, one.description])).toEqual([
      ["Audio ready", undefined, undefined],
      ["Error saving progress", "error", "The network is down"],
    ]);

    // A host that starts listening later hears at once that a toast is wanted.
    let late = 0;
    onToastWanted(() => (late += 1));
    expect(late).toBe(1);
    stop();
  });
});

import { describe, expect, it } from "vitest";
import { currentTitleOverride, formatDocumentTitle, overrideTitle } from "./document-title";

describe("document title", () => {
  it("names the page before the app", () => {
    expect(formatDocumentTitle("Today")).toBe("Today · Shepherd");
    expect(formatDocumentTitle("John 3 · The Word")).toBe("John 3 · The Word · Shepherd");
    expect(formatDocumentTitle(null)).toBe("Shepherd");
  });

  it("a page's title wins while it is mounted, the newest first, and goes with it", () => {
    expect(currentTitleOverride()).toBeNull();
    const leaveWizard = overrideTitle("Basics (step 1 of 4): Create your own plan");
    const leaveReader = overrideTitle("John 3 · The Word");
    expect(currentTitleOverride()).toBe("John 3 · The Word");
    // The older page unmounts after the newer one mounted (a route change inside Suspense): the newer one stays.
    leaveWizard();
    expect(currentTitleOverride()).toBe("John 3 · The Word");
    leaveReader();
    expect(currentTitleOverride()).toBeNull();
  });
});

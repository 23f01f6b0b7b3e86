import { describe, expect, it } from "vitest";
import { formatPrice, planById, PLANS } from "./plans";
import {
  ACCESS_CHECK_CAPS,
  describeUsage,
  isCappedFeature,
  isFeatureType,
  isPremiumOnly,
  monthKey,
  shouldWarn,
  USAGE_WARNING_CAPS,
  usageLines,
  usageWarningMessage,
  wouldExceedCap,
} from "./usage";

describe("cap tables (spec section 9)", () => {
  it("enforce the access-check table", () => {
    expect(ACCESS_CHECK_CAPS).toEqual({ devotional: 1, insight: 1, audio: 5, journal: 10, image: 0, gathering_content: 0 });
  });
  it("warn from the usage-warning table", () => {
    expect(USAGE_WARNING_CAPS).toEqual({ devotional: 30, insight: 4, audio: 5, journal: 10, image: 0, gathering_content: 0 });
  });
});

describe("cap arithmetic", () => {
  it("refuses the use that would go past the cap", () => {
    expect(wouldExceedCap(0, 1)).toBe(false);
    expect(wouldExceedCap(1, 1)).toBe(true);
    expect(wouldExceedCap(9, 10)).toBe(false);
    expect(wouldExceedCap(10, 10)).toBe(true);
    expect(wouldExceedCap(0, 0)).toBe(true);
  });

  it("warns at 80% or more of a cap, never for a closed feature", () => {
    expect(shouldWarn(3, 5)).toBe(false);
    expect(shouldWarn(4, 5)).toBe(true);
    expect(shouldWarn(7, 10)).toBe(false);
    expect(shouldWarn(8, 10)).toBe(true);
    expect(shouldWarn(23, 30)).toBe(false);
    expect(shouldWarn(24, 30)).toBe(true);
    expect(shouldWarn(3, 4)).toBe(false);
    expect(shouldWarn(4, 4)).toBe(true);
    expect(shouldWarn(0, 0)).toBe(false);
  });

  it("words the warning as the spec does", () => {
    expect(usageWarningMessage("audio", 5)).toBe(
      "You've reached your monthly limit of 5 audio generations. Upgrade to Premium for unlimited access.",
    );
    expect(usageWarningMessage("journal", 10)).toBe(
      "You've reached your monthly limit of 10 journal entries. Upgrade to Premium for unlimited access.",
    );
  });

  it("describes a free user's usage with the enforced limit and the warning table's warning", () => {
    expect(describeUsage("devotional", 0, false)).toEqual({ feature: "devotional", used: 0, limit: 1, warning: null });
    expect(describeUsage("devotional", 24, false).warning).toBe(
      "You've reached your monthly limit of 30 devotionals. Upgrade to Premium for unlimited access.",
    );
    expect(describeUsage("insight", 4, false)).toMatchObject({
      limit: 1,
      warning: expect.stringContaining("limit of 4 insights"),
    });
  });

  it("gives Premium no limit and no warning", () => {
    expect(describeUsage("audio", 500, true)).toEqual({ feature: "audio", used: 500, limit: null, warning: null });
  });

  it("knows which features exist, which are capped and which are Premium only", () => {
    expect(isFeatureType("teleport")).toBe(false);
    expect(isFeatureType("custom_plan")).toBe(true);
    expect(isCappedFeature("custom_plan")).toBe(false);
    expect(isPremiumOnly("series_creation")).toBe(true);
    expect(isPremiumOnly("journal")).toBe(false);
  });
});

describe("months are keyed by their first day (UTC)", () => {
  it("rolls over at midnight UTC on the first", () => {
    expect(monthKey(new Date("2026-01-31T23:59:59Z"))).toBe("2026-01-01");
    expect(monthKey(new Date("2026-02-01T00:00:00Z"))).toBe("2026-02-01");
    expect(monthKey(new Date("2026-12-31T23:59:59Z"))).toBe("2026-12-01");
  });
});

describe("plans", () => {
  it("are Premium plans whose ids contain premium", () => {
    for (const plan of PLANS) expect(plan.id).toContain("premium");
    expect(planById("premium_annual")?.priceCents).toBe(6999);
    expect(planById("gold")).toBeUndefined();
    expect(formatPrice(799)).toBe("$7.99");
  });
});

describe("the usage table speaks plainly", () => {
  it("says what was used of what and leaves out 0 of 0", () => {
    const lines = usageLines([
      { feature: "devotional", used: 1, limit: 1, warning: null },
      { feature: "insight", used: 0, limit: 1, warning: null },
      { feature: "audio", used: 2, limit: 5, warning: null },
      { feature: "journal", used: 8, limit: 10, warning: "You've used 8 of 10 journal entries this month." },
      { feature: "image", used: 0, limit: 0, warning: null },
      { feature: "gathering_content", used: 0, limit: 0, warning: null },
    ]);
    expect(lines.map((l) => l.text)).toEqual([
      "Devotionals: 1 of 1 this month",
      "Insights: 0 of 1 this month",
      "Audio: 2 of 5 this month",
      "Journal entries: 8 of 10 this month",
    ]);
    expect(lines[3]?.warning).toContain("8 of 10");
  });

  it("a Premium member's rows have no limit", () => {
    expect(usageLines([{ feature: "audio", used: 12, limit: null, warning: null }])[0]?.text).toBe(
      "Audio: 12 this month (no limit)",
    );
  });
});

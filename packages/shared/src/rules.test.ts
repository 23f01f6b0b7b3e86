import { describe, expect, it } from "vitest";
import { formatUnreadBadge, notificationTarget } from "./notifications";
import { isPremium } from "./subscription";
import { relativeTimeAgo } from "./time";

describe("premium test (spec section 6)", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const row = (plan_type: string | null, status: string | null, trial_end: string | null = null) => ({
    plan_type,
    status,
    trial_end,
    current_period_end: null,
  });
  it("needs a premium plan or an unfinished trial, and an active or trialing status", () => {
    expect(isPremium(null, now)).toBe(false);
    expect(isPremium(row("premium_monthly", "active"), now)).toBe(true);
    expect(isPremium(row("Premium Annual", "trialing"), now)).toBe(true);
    expect(isPremium(row("premium_monthly", "canceled"), now)).toBe(false);
    expect(isPremium(row("premium_monthly", "past_due"), now)).toBe(false);
    expect(isPremium(row("free", "trialing", "2026-11-30T00:00:00Z"), now)).toBe(true);
    expect(isPremium(row("free", "trialing", "2026-11-01T00:00:00Z"), now)).toBe(false);
    expect(isPremium(row("free", "active"), now)).toBe(false);
  });
});

describe("notifications", () => {
  it("caps the badge at 9+", () => {
    expect(formatUnreadBadge(1)).toBe("1");
    expect(formatUnreadBadge(9)).toBe("9");
    expect(formatUnreadBadge(10)).toBe("9+");
  });
  it("sends reflections to /flock and the rest to /pasture", () => {
    expect(notificationTarget("mention_reflection")).toBe("/flock");
    expect(notificationTarget("mention_post")).toBe("/pasture");
    expect(notificationTarget("mention_comment")).toBe("/pasture");
  });
});

describe("relative time (spec section 4)", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const ago = (ms: number) => relativeTimeAgo(new Date(now.getTime() - ms), now);
  const min = 60_000;
  it("shows minutes under 45 minutes, about 1 hour under 90, then hours, days, months, years", () => {
    expect(ago(10_000)).toBe("less than a minute ago");
    expect(ago(min)).toBe("1 minute ago");
    expect(ago(44 * min)).toBe("44 minutes ago");
    expect(ago(45 * min)).toBe("about 1 hour ago");
    expect(ago(89 * min)).toBe("about 1 hour ago");
    expect(ago(90 * min)).toBe("about 2 hours ago");
    expect(ago(23 * 60 * min)).toBe("about 23 hours ago");
    expect(ago(24 * 60 * min)).toBe("1 day ago");
    expect(ago(3 * 24 * 60 * min)).toBe("3 days ago");
    expect(ago(40 * 24 * 60 * min)).toBe("about 1 month ago");
    expect(ago(100 * 24 * 60 * min)).toBe("3 months ago");
    expect(ago(400 * 24 * 60 * min)).toBe("about 1 year ago");
    expect(ago(3 * 365 * 24 * 60 * min)).toBe("3 years ago");
  });
});

import { describe, expect, it } from "vitest";
import { formatUnreadBadge, mentionAction, mentionerInitial, notificationTarget } from "./notifications";

const person = (display_name: string | null) => ({ id: "u1", display_name, username: "someone", avatar_url: null });

describe("the notification panel (spec section 2)", () => {
  it("shows the first letter of the mentioner's display name, or ? when there is none", () => {
    expect(mentionerInitial(person("barnabas"))).toBe("B");
    expect(mentionerInitial(person("  Élie "))).toBe("É");
    expect(mentionerInitial(person("😀 Joy"))).toBe("😀");
    expect(mentionerInitial(person(""))).toBe("?");
    expect(mentionerInitial(person("   "))).toBe("?");
    expect(mentionerInitial(person(null))).toBe("?");
    // The mentioner's account was deleted.
    expect(mentionerInitial(null)).toBe("?");
  });

  it("caps the badge at 9+ above 9", () => {
    expect(formatUnreadBadge(0)).toBe("0");
    expect(formatUnreadBadge(9)).toBe("9");
    expect(formatUnreadBadge(10)).toBe("9+");
    expect(formatUnreadBadge(250)).toBe("9+");
  });

  it("leads to /pasture for post and comment mentions, /flock for reflection mentions", () => {
    expect(notificationTarget("mention_post")).toBe("/pasture");
    expect(notificationTarget("mention_comment")).toBe("/pasture");
    expect(notificationTarget("mention_reflection")).toBe("/flock");
  });

  it("goes to the very item when the server names it, and says what happened", () => {
    expect(notificationTarget("mention_post", "/pasture?post=p1")).toBe("/pasture?post=p1");
    expect(mentionAction("mention_post")).toBe("mentioned you in a post");
    expect(mentionAction("mention_comment")).toBe("mentioned you in a comment");
    expect(mentionAction("mention_reflection")).toBe("mentioned you in your flock");
    expect(mentionAction("mention_plan_day")).toBe("mentioned you in a plan discussion");
    expect(mentionAction("something_new")).toBe("mentioned you");
  });
});

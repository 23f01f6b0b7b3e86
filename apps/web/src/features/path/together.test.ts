import { describe, expect, it } from "vitest";
import type { PlanGroup } from "@shepherd/shared/path";
import {
  dayDiscussion,
  discussionGroup,
  discussionLink,
  flockChoices,
  linkedGroupId,
  memberProgress,
  splitGroups,
  withDiscussionCount,
} from "./together";

const GROUP = "0b6e1f0e-8c53-4c1a-9d0e-6d3b1b0e2a11";
const OTHER = "5d1c2e3f-1111-4a2b-8c3d-9e8f7a6b5c4d";

describe("a day's discussion", () => {
  it("is addressed by its group and day, as the API and the notification's link write it", () => {
    expect(dayDiscussion(GROUP, 3)).toEqual({ id: `${GROUP}/days/3`, group_id: GROUP, day_number: 3 });
    expect(discussionLink("plan-1", GROUP, 3)).toBe(`/path/plan-1?day=3&together=${GROUP}`);
  });

  it("reads the group from ?together=, and nothing from an address without one", () => {
    expect(linkedGroupId(new URLSearchParams(`day=2&together=${GROUP}`))).toBe(GROUP);
    expect(linkedGroupId(new URLSearchParams("day=2"))).toBeNull();
    expect(linkedGroupId(new URLSearchParams("day=2&together="))).toBeNull();
  });

  it("is the linked group's when he is in it, else his own group's for the plan, else none", () => {
    const groups = [{ id: OTHER }, { id: GROUP }];
    expect(discussionGroup(groups, GROUP)).toEqual({ id: GROUP });
    expect(discussionGroup(groups, "someone-elses-group")).toEqual({ id: OTHER });
    expect(discussionGroup(groups, null)).toEqual({ id: OTHER });
    expect(discussionGroup([], GROUP)).toBeNull();
  });
});

describe("his plans with the flock", () => {
  it("splits the invitations he has not answered from the plans he follows together", () => {
    const invited = { id: "a", my_status: "invited" as const };
    const joined = { id: "b", my_status: "joined" as const };
    expect(splitGroups([joined, invited])).toEqual({ invitations: [invited], together: [joined] });
    expect(splitGroups([])).toEqual({ invitations: [], together: [] });
  });
});

describe("a member's progress in the group", () => {
  it("an invited brother is shown as invited, with no days", () => {
    expect(memberProgress({ status: "invited", completed_days: [], next_day: null }, 7)).toEqual({
      done: 0,
      percent: 0,
      summary: "Invited",
      next: null,
    });
  });

  it("a brother who joined: days done of the plan's days, and his next day", () => {
    expect(memberProgress({ status: "joined", completed_days: [], next_day: 1 }, 7)).toEqual({
      done: 0,
      percent: 0,
      summary: "0 of 7 days done",
      next: "Next: day 1",
    });
    // Days done out of order: the next day is the first not done, as the server says.
    expect(memberProgress({ status: "joined", completed_days: [1, 3], next_day: 2 }, 7)).toEqual({
      done: 2,
      percent: 29,
      summary: "2 of 7 days done",
      next: "Next: day 2",
    });
  });

  it("a brother who finished has no next day", () => {
    expect(memberProgress({ status: "joined", completed_days: [1, 2, 3], next_day: null }, 3)).toEqual({
      done: 3,
      percent: 100,
      summary: "All 3 days done",
      next: null,
    });
  });
});

describe("who he may ask to follow with him", () => {
  const members = [{ id: "me" }, { id: "b" }, { id: "c" }];

  it("everyone in his flock but himself", () => {
    expect(flockChoices(members, { me: "me" })).toEqual([{ id: "b" }, { id: "c" }]);
  });

  it("leaves out those already in the group", () => {
    expect(flockChoices(members, { me: "me", inGroup: ["me", "b"] })).toEqual([{ id: "c" }]);
    expect(flockChoices(members, { me: "me", inGroup: ["me", "b", "c"] })).toEqual([]);
  });
});

describe("a day's comment count in the group", () => {
  const group = {
    id: GROUP,
    discussions: [
      { day_number: 1, comment_count: 2 },
      { day_number: 4, comment_count: 1 },
    ],
  } as PlanGroup;
  const add = <T extends { comment_count: number }>(item: T): T => ({ ...item, comment_count: item.comment_count + 1 });
  const remove = <T extends { comment_count: number }>(item: T): T => ({ ...item, comment_count: item.comment_count - 1 });

  it("the first comment on a day adds that day, in day order", () => {
    expect(withDiscussionCount(group, 2, add).discussions).toEqual([
      { day_number: 1, comment_count: 2 },
      { day_number: 2, comment_count: 1 },
      { day_number: 4, comment_count: 1 },
    ]);
  });

  it("counts another comment, and leaves the day out when its last comment is deleted", () => {
    expect(withDiscussionCount(group, 1, add).discussions[0]).toEqual({ day_number: 1, comment_count: 3 });
    expect(withDiscussionCount(group, 4, remove).discussions).toEqual([{ day_number: 1, comment_count: 2 }]);
  });
});

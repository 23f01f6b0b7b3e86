import type { PersonRef } from "@shepherd/shared/community";
import type { PlanGroup, PlanGroupMember, PlanGroupSummary } from "@shepherd/shared/path";

/**
 * Plans followed with the flock, as the plan's page and The Path show them (docs/path.md, "With the flock"): the
 * decisions here are plain functions so they are tested without a browser.
 */

/** The query that opens a day's discussion: /path/{plan}?day=n&together={group} (the mention notification's link). */
export const TOGETHER_PARAM = "together";

/** One day's discussion in a group: the comment thread's parent. Its id is the discussion's address in the API. */
export interface DayDiscussion {
  id: string;
  group_id: string;
  day_number: number;
}

export function dayDiscussion(groupId: string, dayNumber: number): DayDiscussion {
  return { id: `${groupId}/days/${dayNumber}`, group_id: groupId, day_number: dayNumber };
}

/** The link to a day's discussion in a group, as the mention notification writes it. */
export function discussionLink(planId: string, groupId: string, dayNumber: number): string {
  return `/path/${planId}?day=${dayNumber}&${TOGETHER_PARAM}=${groupId}`;
}

/** The group a plan page's address asks for (?together=), if it names one. */
export function linkedGroupId(params: URLSearchParams): string | null {
  const id = params.get(TOGETHER_PARAM)?.trim();
  return id ? id : null;
}

/**
 * The group whose discussion a plan's page shows: the one the address names when he is in it, else his own for this
 * plan (a member has one flock, so one group a plan). Null when he is in none.
 */
export function discussionGroup<G extends Pick<PlanGroupSummary, "id">>(groups: readonly G[], linked: string | null): G | null {
  return groups.find((g) => g.id === linked) ?? groups[0] ?? null;
}

/** The invitations he has not answered, and the plans he follows with his flock. */
export function splitGroups<G extends Pick<PlanGroupSummary, "my_status">>(groups: readonly G[]) {
  return {
    invitations: groups.filter((g) => g.my_status === "invited"),
    together: groups.filter((g) => g.my_status === "joined"),
  };
}

/** Where one member of the group stands, in words: invited, finished, or days done and the next one. */
export function memberProgress(member: Pick<PlanGroupMember, "status" | "completed_days" | "next_day">, dayCount: number) {
  if (member.status === "invited") return { done: 0, percent: 0, summary: "Invited", next: null };
  const done = member.completed_days.length;
  const percent = dayCount > 0 ? Math.round((done / dayCount) * 100) : 0;
  const summary = done >= dayCount ? `All ${dayCount} days done` : `${done} of ${dayCount} days done`;
  return { done, percent, summary, next: member.next_day === null ? null : `Next: day ${member.next_day}` };
}

/** The brothers of his flock he may still ask to follow the plan with him: not himself, not those already in the group. */
export function flockChoices<P extends Pick<PersonRef, "id">>(
  flockMembers: readonly P[],
  options: { me: string | undefined; inGroup?: readonly string[] },
): P[] {
  const taken = new Set(options.inGroup ?? []);
  return flockMembers.filter((m) => m.id !== options.me && !taken.has(m.id));
}

/** A comment added to or deleted from a day's discussion: that day's count in the group, as the server keeps it. */
export function withDiscussionCount(
  group: PlanGroup,
  dayNumber: number,
  change: <T extends { comment_count: number }>(item: T) => T,
): PlanGroup {
  const current = group.discussions.find((d) => d.day_number === dayNumber) ?? { day_number: dayNumber, comment_count: 0 };
  const next = change(current);
  const others = group.discussions.filter((d) => d.day_number !== dayNumber);
  // Days with no comments are left out, as the server leaves them out.
  const discussions = next.comment_count > 0 ? [...others, next] : others;
  return { ...group, discussions: discussions.sort((a, b) => a.day_number - b.day_number) };
}

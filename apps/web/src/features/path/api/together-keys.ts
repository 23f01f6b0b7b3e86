import { pathKeys } from "@/lib/path";

/**
 * Plans with the flock's caches: under The Path's root, so a day marked done (pathChanged) shows in the group too. A
 * day's comments are apart, as other comment threads are.
 */
export const togetherKeys = {
  all: [...pathKeys.all, "together"] as const,
  /** His groups and invitations, or one plan's. */
  mine: (planId?: string) => [...togetherKeys.all, "mine", planId ?? "all"] as const,
  group: (groupId: string) => [...togetherKeys.all, "group", groupId] as const,
  dayComments: (discussionId: string) => ["plan-day-comments", discussionId] as const,
};

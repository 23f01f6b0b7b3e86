import type { PlanGroup } from "@shepherd/shared/path";
import type { CommentKind } from "@/community";
import { withDiscussionCount, type DayDiscussion } from "../together";
import { groupQuery } from "./get-group";
import { togetherKeys } from "./together-keys";

/** Comments on one day of a plan followed with the flock (the group's members only). */
export const planDayComments: CommentKind<DayDiscussion> = {
  listPath: (discussionId) => `/api/path/together/${discussionId}/comments`,
  itemPath: (commentId) => `/api/path/day-comments/${commentId}`,
  queryKey: togetherKeys.dayComments,
  reportTarget: "plan_day_comment",
  empty: "No one has written about this day yet. Share what stayed with you.",
  patchParent: (client, discussion, change) =>
    client.setQueryData<PlanGroup>(groupQuery(discussion.group_id).queryKey, (group) =>
      group ? withDiscussionCount(group, discussion.day_number, change) : group,
    ),
};

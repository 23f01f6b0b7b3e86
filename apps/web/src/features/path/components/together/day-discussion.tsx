import { MessageCircle } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { PlanDetail } from "@shepherd/shared/path";
import { CommentThread } from "@/community";
import { Card } from "@/components/ui/card";
import { planDayComments } from "@/features/path/api/day-comments";
import { groupQuery } from "@/features/path/api/get-group";
import { useTogether } from "@/features/path/api/get-together";
import { dayDiscussion, discussionGroup, linkedGroupId } from "@/features/path/together";

/**
 * "Discussion with your flock" under a day of a plan he follows with his flock: the one comment thread, @mentions
 * notifying the group. Opened from a mention (?day=n&together={group}), it is what he came for: it scrolls into view.
 */
export function DayDiscussion({ plan, dayNumber }: { plan: PlanDetail; dayNumber: number }) {
  const [params] = useSearchParams();
  const groups = useTogether(plan.id);
  const linked = linkedGroupId(params);
  const group = discussionGroup(groups.data ?? [], linked);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const cameFromLink = group !== null && group.id === linked && Number(params.get("day")) === dayNumber;

  const client = useQueryClient();
  const { key: visit } = useLocation();
  const groupId = group?.id;
  // Each time a link brings him here (the page may be open already): the discussion read afresh, and in view.
  useEffect(() => {
    if (!cameFromLink || !groupId) return;
    void client.invalidateQueries({ queryKey: planDayComments.queryKey(dayDiscussion(groupId, dayNumber).id) });
    void client.invalidateQueries({ queryKey: groupQuery(groupId).queryKey });
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [cameFromLink, groupId, dayNumber, visit, client]);

  if (!group) return null;
  return (
    <Card role="region" aria-labelledby={headingId} className="mt-6 scroll-mt-24 space-y-2 p-4 sm:p-5">
      <div className="space-y-0.5">
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="flex scroll-mt-24 items-center gap-2 font-serif text-lg font-semibold outline-none"
        >
          <MessageCircle aria-hidden="true" className="h-5 w-5 shrink-0 text-pasture-700 dark:text-gold-300" />
          Discussion with your flock
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Day {dayNumber}, with {group.flock.name}. Only those following this plan with you read it.
        </p>
      </div>
      <CommentThread
        key={`${group.id}-${dayNumber}`}
        kind={planDayComments}
        parent={dayDiscussion(group.id, dayNumber)}
        id={`day-discussion-${dayNumber}`}
      />
    </Card>
  );
}

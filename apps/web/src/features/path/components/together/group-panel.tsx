import { MessageCircle, Users } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { FlockSummary } from "@shepherd/shared/community";
import type { PlanGroup, PlanGroupMember } from "@shepherd/shared/path";
import { Avatar } from "@/components/profile/avatar";
import { personName } from "@/components/profile/person-name";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Loading, QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { notify, showError } from "@/lib/toast";
import { useGroup } from "@/features/path/api/get-group";
import { useJoinGroup } from "@/features/path/api/join-group";
import { useLeaveGroup } from "@/features/path/api/leave-group";
import { discussionLink, memberProgress } from "@/features/path/together";
import { StartTogetherDialog } from "./start-together-dialog";

function MemberRow({ member, dayCount }: { member: PlanGroupMember; dayCount: number }) {
  const name = personName(member.person);
  const progress = memberProgress(member, dayCount);
  return (
    <li className="flex items-start gap-3 py-3">
      <Avatar name={member.person.display_name} url={member.person.avatar_url} size="sm" />
      <div className="min-w-0 flex-1 space-y-1.5 text-sm">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="min-w-0 truncate font-semibold">
            {name}
            {member.is_me ? <span className="font-normal text-stone-600 dark:text-stone-400"> (you)</span> : null}
          </span>
          <span className={member.status === "invited" ? "text-stone-600 italic dark:text-stone-400" : ""}>
            {progress.summary}
          </span>
        </p>
        {member.status === "joined" ? (
          <>
            <ProgressBar percent={progress.percent} label={`${name}: ${progress.summary}`} className="h-1.5" />
            {progress.next ? <p className="text-stone-600 dark:text-stone-400">{progress.next}</p> : null}
          </>
        ) : null}
      </div>
    </li>
  );
}

function StepOutDialog(props: { open: boolean; onClose: () => void; group: PlanGroup; onLeft: () => void }) {
  const leave = useLeaveGroup();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title="Step out of this shared plan?"
      description={`You keep following "${props.group.plan.title}" on your own, with your days as they are. ${props.group.flock.name} will no longer see them.`}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={props.onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={leave.isPending}
          onClick={() =>
            void leave.mutateAsync(props.group.id).then(() => {
              notify("You stepped out", "You still follow the plan on your own.");
              props.onLeft();
            }, showError)
          }
        >
          {leave.isPending ? "Stepping out..." : "Step out"}
        </Button>
      </div>
    </Dialog>
  );
}

function Group({
  group,
  flock,
  focusHeading,
  onLeft,
}: {
  group: PlanGroup;
  flock: FlockSummary | undefined;
  focusHeading: boolean;
  onLeft: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const join = useJoinGroup();
  const decline = useLeaveGroup();
  const [steppingOut, setSteppingOut] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [focusAgain, setFocusAgain] = useState(0);
  const invited = group.my_status === "invited";
  const busy = join.isPending || decline.isPending;
  // Brothers of his flock not in the group yet, if any.
  const canInvite = flock?.id === group.flock.id && flock.member_count > group.members.length;

  // After he started, joined or invited more, his place is the panel (the button he pressed is gone).
  useEffect(() => {
    if (focusHeading || focusAgain) heading.current?.focus();
  }, [focusHeading, focusAgain]);

  return (
    <Card role="region" aria-labelledby={headingId} className="space-y-3 p-4 sm:p-5" data-testid="plan-group">
      <div className="min-w-0 space-y-0.5">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="flex items-center gap-2 font-semibold outline-none">
          <Users aria-hidden="true" className="h-5 w-5 shrink-0 text-pasture-700 dark:text-gold-300" />
          With your flock
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {invited && group.started_by
            ? `${personName(group.started_by)} invited you to follow this plan with ${group.flock.name}.`
            : `Following with ${group.flock.name}: ${group.joined_count} of ${group.members.length} in.`}
        </p>
      </div>
      <ul className="divide-y divide-stone-100 dark:divide-stone-800">
        {group.members.map((member) => (
          <MemberRow key={member.person.id} member={member} dayCount={group.plan.day_count} />
        ))}
      </ul>
      {group.discussions.length > 0 ? (
        <div className="space-y-1.5 border-t border-stone-200 pt-3 dark:border-stone-800">
          <h3 className="text-sm font-medium text-stone-700 dark:text-stone-300">Talked about</h3>
          <ul className="flex flex-wrap gap-2">
            {group.discussions.map((d) => (
              <li key={d.day_number}>
                <Link
                  to={discussionLink(group.plan.id, group.id, d.day_number)}
                  className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-stone-300 px-3 text-sm hover:bg-stone-50 dark:border-stone-700 dark:hover:bg-stone-800"
                >
                  <MessageCircle aria-hidden="true" className="h-3.5 w-3.5" />
                  Day {d.day_number}
                  <span className="text-stone-600 dark:text-stone-400">
                    ({d.comment_count} {d.comment_count === 1 ? "comment" : "comments"})
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {invited ? (
          <>
            <Button
              size="sm"
              disabled={busy}
              onClick={() =>
                void join.mutateAsync(group.id).then(() => {
                  notify("You joined your flock in this plan", "You see one another's days, and each day's discussion.");
                  setFocusAgain((n) => n + 1);
                }, showError)
              }
            >
              {join.isPending ? "Joining..." : "Join"}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() =>
                void decline.mutateAsync(group.id).then(() => {
                  notify("Invitation declined", "You can still follow the plan on your own.");
                  onLeft();
                }, showError)
              }
            >
              Not now
            </Button>
          </>
        ) : (
          <>
            {canInvite ? (
              <Button size="sm" variant="secondary" onClick={() => setInviting(true)}>
                Invite more
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => setSteppingOut(true)}>
              Step out
            </Button>
          </>
        )}
      </div>
      <StepOutDialog open={steppingOut} onClose={() => setSteppingOut(false)} group={group} onLeft={onLeft} />
      {canInvite && flock ? (
        <StartTogetherDialog
          open={inviting}
          onClose={() => setInviting(false)}
          plan={group.plan}
          flock={flock}
          inGroup={group.members.map((m) => m.person.id)}
          onStarted={() => setFocusAgain((n) => n + 1)}
        />
      ) : null}
    </Card>
  );
}

/** One plan followed with the flock, on the plan's page: each brother's days, and join, invite more or step out. */
export function GroupPanel(props: {
  groupId: string;
  flock: FlockSummary | undefined;
  focusHeading: boolean;
  onLeft: () => void;
}) {
  const group = useGroup(props.groupId);
  return (
    <QueryState
      query={group}
      look="compact"
      loading={
        <Loading label="Loading your flock's progress" className="space-y-2">
          <Skeleton className="h-24" />
        </Loading>
      }
      error="Couldn't load your flock's progress."
    >
      {(data) => <Group group={data} flock={props.flock} focusHeading={props.focusHeading} onLeft={props.onLeft} />}
    </QueryState>
  );
}

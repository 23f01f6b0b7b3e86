import { Users } from "lucide-react";
import { useId, useRef } from "react";
import { Link } from "react-router";
import type { PlanGroupSummary } from "@shepherd/shared/path";
import { personName } from "@/components/profile/person-name";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { notify, showError } from "@/lib/toast";
import { useTogether } from "@/features/path/api/get-together";
import { useJoinGroup } from "@/features/path/api/join-group";
import { useLeaveGroup } from "@/features/path/api/leave-group";
import { splitGroups } from "@/features/path/together";

/** An invitation to follow a plan together (mutateAsync: it is gone from the list before mutate()'s callbacks would run). */
function Invitation({ group, onAnswered }: { group: PlanGroupSummary; onAnswered: () => void }) {
  const join = useJoinGroup();
  const decline = useLeaveGroup();
  const busy = join.isPending || decline.isPending;
  const who = group.started_by ? personName(group.started_by) : "A brother";
  return (
    <Card className="space-y-3 p-4">
      <div className="min-w-0 space-y-0.5">
        <h4 className="font-semibold text-pasture-900 dark:text-stone-50">{group.plan.title}</h4>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {who} invited you to follow it with {group.flock.name}. {group.plan.day_count} days.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          aria-label={`Join ${group.plan.title}`}
          disabled={busy}
          onClick={() =>
            void join.mutateAsync(group.id).then(() => {
              notify(`You joined "${group.plan.title}"`, `You follow it with ${group.flock.name}.`);
              onAnswered();
            }, showError)
          }
        >
          {join.isPending ? "Joining..." : "Join"}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Not now: ${group.plan.title}`}
          disabled={busy}
          onClick={() =>
            void decline.mutateAsync(group.id).then(() => {
              notify("Invitation declined", "You can still follow the plan on your own.");
              onAnswered();
            }, showError)
          }
        >
          Not now
        </Button>
        <Link
          to={`/path/${group.plan.id}`}
          className="inline-flex h-8 items-center px-1 text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300"
        >
          See the plan
        </Link>
      </div>
    </Card>
  );
}

/**
 * The Path, with the flock: invitations to follow a plan together, and the plans he follows together. Absent when
 * there is neither.
 */
export function TogetherSection() {
  const groups = useTogether();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { invitations, together } = splitGroups(groups.data ?? []);
  if (invitations.length === 0 && together.length === 0) return null;
  // The button he pressed is gone with its invitation: his place is the section's heading.
  const answered = () => heading.current?.focus();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-serif text-xl font-semibold outline-none"
      >
        <Users aria-hidden="true" className="h-5 w-5 text-pasture-700 dark:text-gold-300" />
        With your flock
      </h2>
      {invitations.length ? (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-stone-700 dark:text-stone-300">Invitations from your flock</h3>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {invitations.map((group) => (
              <li key={group.id}>
                <Invitation group={group} onAnswered={answered} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {together.length ? (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-stone-700 dark:text-stone-300">Plans you follow together</h3>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {together.map((group) => (
              <li key={group.id}>
                <Card className="p-4">
                  <Link
                    to={`/path/${group.plan.id}`}
                    className="block space-y-0.5 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4"
                  >
                    <span className="block font-semibold text-pasture-900 dark:text-stone-50">{group.plan.title}</span>
                    <span className="block text-sm text-stone-700 dark:text-stone-300">
                      With {group.flock.name}: {group.joined_count} following
                    </span>
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

import { Crown, Flame, UserMinus } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { FLOCK_MEMBERS_MAX, type FlockDetail, type FlockMember } from "@shepherd/shared/community";
import { Avatar } from "@/components/profile/avatar";
import { personName } from "@/components/profile/person-name";
import { Card } from "@/components/ui/card";
import { notify, showError } from "@/lib/toast";
import { useRemoveMember } from "../api/remove-member";

function MemberRow({ flock, member, canRemove }: { flock: FlockDetail; member: FlockMember; canRemove: boolean }) {
  const remove = useRemoveMember();
  const name = personName(member);
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar name={member.display_name} url={member.avatar_url} size="sm" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-x-2">
          <Link to={`/profile/${member.id}`} className="group flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold group-hover:underline">{name}</span>
            {member.username ? <span className="font-normal text-stone-600 dark:text-stone-400">@{member.username}</span> : null}
          </Link>
          {member.role === "owner" ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-gold-300/40 px-2 py-0.5 text-xs font-semibold text-pasture-900 dark:bg-gold-500/20 dark:text-gold-300">
              <Crown aria-hidden="true" className="h-3 w-3" />
              Owner
            </span>
          ) : null}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-stone-600 dark:text-stone-400">
          {member.streak !== null ? (
            <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-400">
              <Flame aria-hidden="true" className="h-3.5 w-3.5" />
              {member.streak} {member.streak === 1 ? "day" : "days"} streak
            </span>
          ) : null}
        </p>
      </div>
      {canRemove ? (
        <button
          type="button"
          aria-label={`Remove ${name} from the flock`}
          title="Remove from the flock"
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(`Remove ${name} from ${flock.name}?`)) return;
            remove.mutate(
              { flockId: flock.id, userId: member.id },
              { onSuccess: () => notify(`${name} was removed from the flock`), onError: showError },
            );
          }}
          className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-stone-600 hover:bg-red-50 hover:text-red-700 disabled:opacity-50 dark:text-stone-400 dark:hover:bg-red-950 dark:hover:text-red-300"
        >
          <UserMinus aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
    </li>
  );
}

/** The flock's members (with streaks for those who share them) and who has been invited. */
export function FlockMembers({ flock, myId }: { flock: FlockDetail; myId: string | undefined }) {
  const owner = flock.my_role === "owner";
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="space-y-2 p-4 sm:p-5">
      <h2 id={headingId} className="font-semibold">
        Members{" "}
        <span className="text-sm font-normal text-stone-600 dark:text-stone-400">
          ({flock.members.length} of {FLOCK_MEMBERS_MAX})
        </span>
      </h2>
      <ul className="divide-y divide-stone-100 dark:divide-stone-800">
        {flock.members.map((member) => (
          <MemberRow key={member.id} flock={flock} member={member} canRemove={owner && member.id !== myId} />
        ))}
      </ul>
      {flock.pending.length > 0 ? (
        <div className="border-t border-stone-200 pt-3 dark:border-stone-800">
          <h3 className="text-sm font-medium text-stone-700 dark:text-stone-300">Invited, not yet joined</h3>
          <ul className="mt-1 flex flex-wrap gap-2">
            {flock.pending.map((person) => (
              <li
                key={person.id}
                className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-700 dark:bg-stone-800 dark:text-stone-300"
              >
                {person.username ? `@${person.username}` : personName(person)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { FlockSummary } from "@shepherd/shared/community";
import type { PlanGroup } from "@shepherd/shared/path";
import { flockQuery } from "@/community";
import { Avatar } from "@/components/profile/avatar";
import { personName } from "@/components/profile/person-name";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Loading, LoadError } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { useMe } from "@/lib/session";
import { notify, showError } from "@/lib/toast";
import { useStartTogether } from "@/features/path/api/start-together";
import { flockChoices } from "@/features/path/together";

type Who = "everyone" | "chosen";

const brothers = (n: number) => `${n} ${n === 1 ? "brother" : "brothers"}`;

/**
 * "Follow with your flock": everyone in his flock, or the brothers he ticks. He is in and follows the plan; they are
 * invited. With a group already, it asks the brothers not yet in it.
 */
export function StartTogetherDialog(props: {
  open: boolean;
  onClose: () => void;
  plan: { id: string; title: string };
  flock: FlockSummary;
  /** Who is in the group already (none before it is started). */
  inGroup?: string[];
  onStarted: (group: PlanGroup) => void;
}) {
  const me = useMe();
  const flock = useQuery({ ...flockQuery(props.flock.id), enabled: props.open });
  const start = useStartTogether();
  const [who, setWho] = useState<Who>("everyone");
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const errorId = useId();
  const adding = Boolean(props.inGroup?.length);
  const choices = flockChoices(flock.data?.members ?? [], { me: me.data?.user.id, inGroup: props.inGroup });

  const close = () => {
    setWho("everyone");
    setChosen([]);
    setError(null);
    props.onClose();
  };
  const submit = () => {
    const memberIds = who === "everyone" ? choices.map((m) => m.id) : chosen;
    if (memberIds.length === 0) return setError("Choose at least one brother.");
    // mutateAsync: the dialog's card gives way to the group's panel as the lists reload, before mutate()'s callbacks.
    void start
      .mutateAsync(
        // Everyone, before the group exists: the server asks the whole flock as it is now.
        { planId: props.plan.id, flockId: props.flock.id, memberIds: who === "everyone" && !adding ? undefined : memberIds },
      )
      .then((group) => {
        notify(
          adding ? "Invitations sent" : "Following with your flock",
          `${brothers(memberIds.length)} invited to follow "${props.plan.title}" with you.`,
        );
        close();
        props.onStarted(group);
      }, showError);
  };

  return (
    <Dialog
      open={props.open}
      onClose={close}
      title={adding ? "Invite more of your flock" : "Follow with your flock"}
      description={`Each of you keeps his own days; in ${props.flock.name} you see one another's, and talk about each day together.`}
    >
      {flock.isPending ? (
        <Loading label="Loading your flock" className="space-y-2">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-6 w-1/2" />
        </Loading>
      ) : flock.isError ? (
        <LoadError look="compact" message={errorMessage(flock.error)} onRetry={() => void flock.refetch()} />
      ) : choices.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">Everyone in {props.flock.name} is already in this plan with you.</p>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
            <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Who follows it with you?</legend>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
              <input
                type="radio"
                name={name}
                className="h-4 w-4 accent-pasture-700"
                checked={who === "everyone"}
                onChange={() => (setWho("everyone"), setError(null))}
              />
              {adding
                ? `Everyone not in it yet (${brothers(choices.length)})`
                : `Everyone in ${props.flock.name} (${brothers(choices.length)})`}
            </label>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
              <input
                type="radio"
                name={name}
                className="h-4 w-4 accent-pasture-700"
                checked={who === "chosen"}
                onChange={() => setWho("chosen")}
              />
              Brothers I choose
            </label>
          </fieldset>
          {who === "chosen" ? (
            <fieldset className="space-y-1" aria-describedby={error ? errorId : undefined}>
              <legend className="sr-only">Brothers to invite</legend>
              <ul className="max-h-64 divide-y divide-stone-100 overflow-y-auto dark:divide-stone-800">
                {choices.map((member) => (
                  <li key={member.id}>
                    <label className="flex min-h-12 cursor-pointer items-center gap-3 py-1.5 text-sm">
                      <input
                        type="checkbox"
                        className="h-4 w-4 shrink-0 accent-pasture-700"
                        checked={chosen.includes(member.id)}
                        onChange={(event) => {
                          setError(null);
                          setChosen(event.target.checked ? [...chosen, member.id] : chosen.filter((id) => id !== member.id));
                        }}
                      />
                      <Avatar name={member.display_name} url={member.avatar_url} size="sm" />
                      <span className="min-w-0 flex-1 overflow-hidden">
                        <span className="block truncate font-medium">{personName(member)}</span>
                        {member.username ? (
                          <span className="block truncate text-stone-600 dark:text-stone-400">@{member.username}</span>
                        ) : null}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? "Starting..." : adding ? "Invite" : "Start together"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

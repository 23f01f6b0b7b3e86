import { ChevronRight, Users } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { FlockInvitation } from "@shepherd/shared/community";
import { TimeAgo, useFlocks } from "@/community";
import { Avatar } from "@/components/profile/avatar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";
import { Loading, QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { notify, showError } from "@/lib/toast";
import { useAcceptInvitation } from "../api/accept-invitation";
import { useCreateFlock } from "../api/create-flock";
import { useDeclineInvitation } from "../api/decline-invitation";
import { flockPath } from "../paths";
import { FlockFields, flockNameError } from "./flock-fields";

function Invitation({ invitation }: { invitation: FlockInvitation }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;
  const inviter = invitation.invited_by;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Avatar name={inviter?.display_name} url={inviter?.avatar_url} size="sm" />
      <div className="min-w-0 flex-1 text-sm">
        <p>
          <span className="font-semibold">
            {inviter?.display_name ?? (inviter?.username ? `@${inviter.username}` : "A brother")}
          </span>{" "}
          invited you to <span className="font-semibold">{invitation.flock_name}</span>
        </p>
        <TimeAgo at={invitation.created_at} className="text-xs text-stone-600 dark:text-stone-400" />
      </div>
      <div className="flex gap-2">
        <Button
          size="sm"
          disabled={busy}
          aria-label={`Accept the invitation to ${invitation.flock_name}`}
          onClick={() =>
            accept.mutate(invitation.flock_id, {
              onSuccess: (flock) => {
                notify(`Welcome to ${flock.name}`, "Your brothers can see your reflections now.");
                navigate(flockPath(flock.id));
              },
              onError: showError,
            })
          }
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          aria-label={`Decline the invitation to ${invitation.flock_name}`}
          onClick={() =>
            decline.mutate(invitation.flock_id, { onSuccess: () => notify("Invitation declined"), onError: showError })
          }
        >
          Decline
        </Button>
      </div>
    </li>
  );
}

function CreateFlock() {
  const navigate = useNavigate();
  const create = useCreateFlock();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [touched, setTouched] = useState(false);
  const nameError = flockNameError(name);
  return (
    <Card className="p-4 sm:p-5">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (nameError) return;
          create.mutate(
            { name: name.trim(), description: description.trim() || undefined },
            {
              onSuccess: (flock) => {
                notify("Flock created", "Invite your brothers by username or share the invite link.");
                navigate(flockPath(flock.id));
              },
              onError: showError,
            },
          );
        }}
      >
        <h2 className="font-semibold">Start a flock</h2>
        <FlockFields
          name={name}
          onName={setName}
          nameError={touched ? nameError : null}
          onNameBlur={() => name && setTouched(true)}
          description={description}
          onDescription={setDescription}
          examples
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create flock"}
        </Button>
      </form>
    </Card>
  );
}

/** /flock: my flocks, the invitations waiting for me, and a form to start a flock. */
export function FlockHome() {
  const flocks = useFlocks();
  return (
    <div className="space-y-5">
      <PageHeading
        title="My Flock"
        description="Your small group of brothers: share reflections, pray for each other, and keep each other going."
      />
      <QueryState
        query={flocks}
        loading={
          <Loading label="Loading your flocks" className="space-y-3">
            <Skeleton className="h-20 w-full rounded-2xl" />
            <Skeleton className="h-20 w-full rounded-2xl" />
          </Loading>
        }
        error="We couldn't load your flocks. Please try again."
      >
        {(data) => (
          <>
            {data.invitations.length > 0 ? (
              <Card className="p-4 sm:p-5">
                <h2 className="font-semibold">Invitations</h2>
                <ul className="divide-y divide-stone-100 dark:divide-stone-800">
                  {data.invitations.map((invitation) => (
                    <Invitation key={invitation.flock_id} invitation={invitation} />
                  ))}
                </ul>
              </Card>
            ) : null}
            {data.flocks.length > 0 ? (
              <section aria-labelledby="my-flocks" className="space-y-3">
                <h2 id="my-flocks" className="font-semibold">
                  Your flocks
                </h2>
                <ul className="space-y-3">
                  {data.flocks.map((flock) => (
                    <li key={flock.id}>
                      <Link
                        to={flockPath(flock.id)}
                        className="flex items-center gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm hover:border-pasture-600 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-gold-400"
                      >
                        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-pasture-100 text-pasture-800 dark:bg-stone-800 dark:text-gold-300">
                          <Users aria-hidden="true" className="h-5 w-5" />
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-semibold">{flock.name}</span>
                          {flock.description ? (
                            <span className="block truncate text-sm text-stone-600 dark:text-stone-400">{flock.description}</span>
                          ) : null}
                          <span className="block text-xs text-stone-600 dark:text-stone-400">
                            {flock.member_count} {flock.member_count === 1 ? "member" : "members"}
                            {flock.my_role === "owner" ? " · you lead it" : ""} · active <TimeAgo at={flock.last_activity_at} />
                          </span>
                        </span>
                        <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-stone-500" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : data.invitations.length === 0 ? (
              <Card className="text-stone-700 dark:text-stone-300">
                You're not in a flock yet. Start one below and invite the few brothers you walk with, or ask a brother for his
                flock's invite link.
              </Card>
            ) : null}
          </>
        )}
      </QueryState>
      <CreateFlock />
    </div>
  );
}

import { ArrowLeft, LogOut, Pencil } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { FlockDetail } from "@shepherd/shared/community";
import { FlockGatherings, useFlock } from "@/community";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";
import { Loading, LoadFailure, QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { hasStatus } from "@/lib/api";
import { useMe } from "@/lib/session";
import { notify, showError } from "@/lib/toast";
import { useLeaveFlock } from "../api/leave-flock";
import { useUpdateFlock } from "../api/update-flock";
import { FlockFields, flockNameError } from "./flock-fields";
import { FlockInvite } from "./flock-invite";
import { FlockMembers } from "./flock-members";
import { LinkedReflection } from "./linked-reflection";
import { ReflectionComposer } from "./reflection-composer";
import { ReflectionFeed } from "./reflection-feed";

function BackLink() {
  return (
    <Link
      to="/flock"
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      All my flocks
    </Link>
  );
}

function EditFlock({ flock, onDone }: { flock: FlockDetail; onDone: () => void }) {
  const update = useUpdateFlock();
  const [name, setName] = useState(flock.name);
  const [description, setDescription] = useState(flock.description ?? "");
  const nameError = flockNameError(name);
  return (
    <Card className="p-4 sm:p-5">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (nameError) return;
          update.mutate(
            { flockId: flock.id, name: name.trim(), description: description.trim() },
            { onSuccess: () => (notify("Flock updated"), onDone()), onError: showError },
          );
        }}
      >
        <h2 className="font-semibold">Edit the flock</h2>
        <FlockFields
          name={name}
          onName={setName}
          nameError={nameError}
          description={description}
          onDescription={setDescription}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={update.isPending || Boolean(nameError)}>
            Save
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

function LeaveFlock({ flock }: { flock: FlockDetail }) {
  const navigate = useNavigate();
  const leave = useLeaveFlock();
  const last = flock.members.length <= 1;
  const question = last
    ? `Leave ${flock.name}? You are its last member, so the flock and its reflections will end.`
    : flock.my_role === "owner"
      ? `Leave ${flock.name}? The brother who has been in it longest will lead it.`
      : `Leave ${flock.name}?`;
  return (
    <Button
      variant="ghost"
      className="text-red-700 dark:text-red-400"
      disabled={leave.isPending}
      onClick={() => {
        if (!window.confirm(question)) return;
        leave.mutate(flock.id, {
          onSuccess: ({ flock_ended }) => {
            notify(flock_ended ? "Flock ended" : `You left ${flock.name}`);
            navigate("/flock", { replace: true });
          },
          onError: showError,
        });
      }}
    >
      <LogOut aria-hidden="true" className="h-4 w-4" />
      Leave flock
    </Button>
  );
}

/** One flock (/flock?f={id}): its reflections, its members, inviting brothers, and leaving. */
export function FlockView({ flockId }: { flockId: string }) {
  const flock = useFlock(flockId);
  return (
    <QueryState
      query={flock}
      loading={
        <div>
          <BackLink />
          <Loading label="Loading the flock" className="space-y-3">
            <Skeleton className="h-8 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-40 w-full rounded-2xl" />
          </Loading>
        </div>
      }
      error={(error) => {
        const gone = hasStatus(error, 404);
        return (
          <div>
            <BackLink />
            <LoadFailure
              title={gone ? "This flock isn't available" : "Something went wrong"}
              message={
                gone
                  ? "It may have ended, or you are not one of its members."
                  : "We couldn't load this flock. Please check your connection and try again."
              }
              onRetry={gone ? undefined : () => void flock.refetch()}
            />
          </div>
        );
      }}
    >
      {(data) => <Flock flock={data} />}
    </QueryState>
  );
}

/** The flock, once loaded. */
function Flock({ flock: data }: { flock: FlockDetail }) {
  const me = useMe();
  // A notification's link names the reflection (and the comment) it is about.
  const [params] = useSearchParams();
  const linked = params.get("reflection");
  const [editing, setEditing] = useState(false);
  const alone = data.members.length <= 1;
  const invite = <FlockInvite flock={data} />;
  return (
    <div className="space-y-5">
      <div>
        <BackLink />
        <PageHeading title={data.name} description={data.description ?? undefined}>
          {data.my_role === "owner" && !editing ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit name and description
            </Button>
          ) : null}
        </PageHeading>
      </div>
      {editing ? <EditFlock flock={data} onDone={() => setEditing(false)} /> : null}
      {alone ? invite : null}
      {linked ? (
        <LinkedReflection key={linked} flockId={data.id} reflectionId={linked} commentId={params.get("comment")} />
      ) : null}
      <section aria-label="Reflections" className="space-y-4">
        <ReflectionComposer flockId={data.id} />
        <ReflectionFeed flockId={data.id} />
      </section>
      <FlockGatherings flockId={data.id} />
      <FlockMembers flock={data} myId={me.data?.user.id} />
      {alone ? null : invite}
      <div className="flex justify-center">
        <LeaveFlock flock={data} />
      </div>
    </div>
  );
}

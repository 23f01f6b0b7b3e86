import { Users } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadFailure, QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { hasStatus } from "@/lib/api";
import { forgetReturnTo } from "@/lib/return-to";
import { notify, showError } from "@/lib/toast";
import { useInvitePreview } from "../api/get-invite-preview";
import { useJoinByInvite } from "../api/join-by-invite";
import { flockPath } from "../paths";

/** /flock/join/{code}: the flock an invite link leads to, and Join. */
export function JoinFlockPage() {
  // The invite link was resumed after sign-in (or opened directly): it need not be resumed again.
  useEffect(forgetReturnTo, []);
  const { code = "" } = useParams();
  const navigate = useNavigate();
  const preview = useInvitePreview(code);
  const join = useJoinByInvite();

  return (
    <QueryState
      query={preview}
      loading={
        <Card role="status" className="mx-auto max-w-md space-y-3">
          <span className="sr-only">Loading the invitation</span>
          <Skeleton className="mx-auto h-12 w-12 rounded-full" />
          <Skeleton className="mx-auto h-6 w-1/2" />
          <Skeleton className="h-10 w-full" />
        </Card>
      }
      error={(error) => {
        const gone = hasStatus(error, 404);
        return (
          <LoadFailure
            className="mx-auto max-w-md"
            title={gone ? "This invite link doesn't work" : "Something went wrong"}
            message={
              gone
                ? "It may have been replaced by a newer link. Ask the brother who sent it for the current one."
                : "We couldn't open this invitation. Please try again."
            }
            onRetry={gone ? undefined : () => void preview.refetch()}
          >
            <Link to="/flock" className="block text-sm font-medium text-pasture-700 underline dark:text-gold-300">
              Go to My Flock
            </Link>
          </LoadFailure>
        );
      }}
    >
      {(flock) => (
        <Card className="mx-auto max-w-md space-y-4 text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-pasture-100 text-pasture-800 dark:bg-stone-800 dark:text-gold-300">
            <Users aria-hidden="true" className="h-6 w-6" />
          </span>
          <div className="space-y-1">
            <p className="text-sm text-stone-600 dark:text-stone-400">You're invited to join a flock</p>
            <h1 className="font-serif text-2xl font-semibold text-pasture-900 dark:text-stone-50">{flock.name}</h1>
            {flock.description ? <p className="text-stone-700 dark:text-stone-300">{flock.description}</p> : null}
            <p className="text-sm text-stone-600 dark:text-stone-400">
              {flock.member_count} {flock.member_count === 1 ? "member" : "members"}
            </p>
          </div>
          {flock.already_member ? (
            <>
              <p>You're already in this flock.</p>
              <Button onClick={() => navigate(flockPath(flock.flock_id))}>Open the flock</Button>
            </>
          ) : (
            <Button
              size="lg"
              className="w-full"
              disabled={join.isPending}
              onClick={() =>
                join.mutate(code, {
                  onSuccess: (joined) => {
                    notify(`Welcome to ${joined.name}`, "Your brothers can see your reflections now.");
                    navigate(flockPath(joined.id), { replace: true });
                  },
                  onError: showError,
                })
              }
            >
              {join.isPending ? "Joining..." : `Join ${flock.name}`}
            </Button>
          )}
        </Card>
      )}
    </QueryState>
  );
}

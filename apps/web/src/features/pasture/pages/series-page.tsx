import { CheckCircle2, Circle, Pencil, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { SeriesDetail } from "@shepherd/shared/series";
import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Loading, LoadFailure } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { hasStatus } from "@/lib/api";
import { useDocumentTitle } from "@/lib/document-title";
import { notify, showError } from "@/lib/toast";
import { useDeleteSeries } from "../api/series/delete-series";
import { useSetFollowing } from "../api/series/follow-series";
import { useSeries } from "../api/series/get-series";
import { LockedMark, sessionPath, standing } from "../components/series-card";
import { BackToLibrary, SeriesHeader } from "../components/series-header";

function FollowPanel({ series }: { series: SeriesDetail }) {
  const following = useSetFollowing();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Focus stays on the button he pressed (Follow becomes Unfollow) once it is enabled again.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (refocus && !following.isPending) {
      buttonRef.current?.focus();
      setRefocus(false);
    }
  }, [refocus, following.isPending]);
  const p = series.progress;
  const toggle = () =>
    following.mutate(
      { seriesId: series.id, follow: !p },
      {
        onSuccess: () => {
          notify(p ? "You've stopped following this series" : "Following", p ? "Your marks are kept." : standing(series));
          setRefocus(true);
        },
        onError: showError,
      },
    );
  const next = p?.next_session ?? null;
  return (
    <Card className="space-y-3 p-4">
      {p ? (
        <>
          <p className="font-medium text-stone-900 dark:text-stone-100" data-testid="series-standing">
            {standing(series)}
          </p>
          <ProgressBar percent={p.percent} label={`${p.completed_count} of ${series.session_count} sessions done`} />
        </>
      ) : (
        <p className="text-stone-700 dark:text-stone-300">
          Follow this series to keep your place: the library shows your next session each time you come back.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {next ? (
          <Link
            to={sessionPath(series.id, next.id)}
            className="inline-flex h-10 items-center rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white hover:bg-pasture-800"
          >
            Open session {next.position}
          </Link>
        ) : null}
        <Button ref={buttonRef} variant={p ? "secondary" : "primary"} disabled={following.isPending} onClick={toggle}>
          {p ? "Unfollow" : "Follow this series"}
        </Button>
      </div>
    </Card>
  );
}

function OwnerActions({ series }: { series: SeriesDetail }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSeries();
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`/pasture/library/${series.id}/edit`}
        className="inline-flex h-10 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800"
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
        Edit series
      </Link>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Delete
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this series?"
        description="Its sessions, and everyone's marks and comments on them, are removed. This cannot be undone."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(series.id, {
                onSuccess: () => {
                  notify("Series deleted");
                  void navigate("/pasture/library");
                },
                onError: showError,
              })
            }
          >
            Delete series
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function Sessions({ series }: { series: SeriesDetail }) {
  return (
    <section aria-labelledby="sessions" className="space-y-3">
      <h2 id="sessions" className="font-serif text-xl font-semibold">
        Sessions
      </h2>
      <ol className="space-y-2">
        {series.sessions.map((session) => (
          <li key={session.id}>
            <Link
              to={sessionPath(series.id, session.id)}
              className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 dark:border-stone-800 dark:bg-stone-900 dark:hover:bg-stone-800"
            >
              {session.completed ? (
                <CheckCircle2 aria-label="Done" className="h-5 w-5 shrink-0 text-pasture-700 dark:text-gold-300" />
              ) : (
                <Circle aria-hidden="true" className="h-5 w-5 shrink-0 text-stone-400" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block text-xs text-stone-600 dark:text-stone-400">
                  Session {session.position} · {session.passage}
                </span>
                <span className="block font-medium break-words text-stone-900 dark:text-stone-100">{session.title}</span>
              </span>
              {session.open ? null : <LockedMark />}
            </Link>
          </li>
        ))}
      </ol>
      {series.sessions.some((s) => !s.open) ? <UpgradePrompt context="series_viewing" variant="banner" /> : null}
    </section>
  );
}

/** /pasture/library/{seriesId}: a series, following it, where I stand, and its sessions with my done marks. */
export function SeriesPage() {
  const { seriesId = "" } = useParams();
  const series = useSeries(seriesId);
  if (series.isPending) {
    return (
      <Loading label="Loading the series" className="space-y-4">
        <Skeleton className="h-24" />
        <Skeleton className="h-40" />
      </Loading>
    );
  }
  if (series.isError) {
    const missing = hasStatus(series.error, 404);
    return (
      <LoadFailure
        title={missing ? "This series isn't here" : "Couldn't load the series"}
        message={missing ? "It may have been removed, or it isn't shared with you." : "Please try again."}
        onRetry={missing ? undefined : () => void series.refetch()}
      >
        <BackToLibrary />
      </LoadFailure>
    );
  }
  return <SeriesView key={series.data.id} series={series.data} />;
}

function SeriesView({ series }: { series: SeriesDetail }) {
  useDocumentTitle(`${series.title} · Series Library`);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackToLibrary />
      <SeriesHeader series={series} />
      {series.mine ? <OwnerActions series={series} /> : null}
      <FollowPanel series={series} />
      <Sessions series={series} />
    </div>
  );
}

import { ArrowLeft, ArrowRight, CheckCircle2, MessageCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { SeriesSession } from "@shepherd/shared/series";
import { focusThemeLabel } from "@shepherd/shared/themes";
import { CommentThread } from "@/community";
import { ScriptureLink } from "@/components/scripture/scripture-link";
import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Loading, LoadFailure } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { hasStatus } from "@/lib/api";
import { useDocumentTitle } from "@/lib/document-title";
import { notify, showError } from "@/lib/toast";
import { useSession } from "../api/series/get-session";
import { sessionComments } from "../api/series/session-comments";
import { useSetSessionDone } from "../api/series/set-session-done";
import { GatherForSession } from "../components/gather-for-session";
import { seriesPath, sessionPath } from "../components/series-card";
import { SessionBody } from "../components/session-body";
import { BackToLibrary } from "../components/series-header";

function DonePanel({ session }: { session: SeriesSession }) {
  const done = useSetSessionDone();
  const nextRef = useRef<HTMLAnchorElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Focus stays with what he did once the page shows it: the way on once it is done, the button otherwise.
  const [refocus, setRefocus] = useState<"next" | "button" | null>(null);
  useEffect(() => {
    if (!refocus || done.isPending) return;
    (refocus === "next" && nextRef.current ? nextRef.current : buttonRef.current)?.focus();
    setRefocus(null);
  }, [refocus, done.isPending, session.completed]);
  const mark = (value: boolean) =>
    done.mutate(
      { sessionId: session.id, done: value },
      {
        onSuccess: (result) => {
          if (value) {
            const next = result.progress.next_session;
            notify(
              `Session ${session.position} done`,
              next ? `Next: session ${next.position}, ${next.title}.` : "You've done every session of this series.",
            );
          }
          setRefocus(value ? "next" : "button");
        },
        onError: showError,
      },
    );
  return (
    <Card className="space-y-3 p-4">
      {session.completed ? (
        <p className="flex items-center gap-2 font-medium text-pasture-800 dark:text-gold-300">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
          You marked this session done.
        </p>
      ) : (
        <p className="text-stone-700 dark:text-stone-300">Talked it through, or read it on your own? Mark it done.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          ref={buttonRef}
          variant={session.completed ? "secondary" : "primary"}
          disabled={done.isPending}
          onClick={() => mark(!session.completed)}
        >
          {session.completed ? "Mark as not done" : "Mark session done"}
        </Button>
        {session.completed && session.next ? (
          <Link
            ref={nextRef}
            to={sessionPath(session.series.id, session.next.id)}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800"
          >
            Next session: {session.next.title}
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

function Neighbours({ session }: { session: SeriesSession }) {
  const link =
    "inline-flex max-w-full items-center gap-1 text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300";
  return (
    <nav
      aria-label="Sessions"
      className="flex flex-wrap justify-between gap-3 border-t border-stone-200 pt-4 dark:border-stone-800"
    >
      {session.previous ? (
        <Link to={sessionPath(session.series.id, session.previous.id)} className={link}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="truncate">
            Session {session.previous.position}: {session.previous.title}
          </span>
        </Link>
      ) : (
        <span />
      )}
      {session.next ? (
        <Link to={sessionPath(session.series.id, session.next.id)} className={link}>
          <span className="truncate">
            Session {session.next.position}: {session.next.title}
          </span>
          <ArrowRight aria-hidden="true" className="h-4 w-4 shrink-0" />
        </Link>
      ) : null}
    </nav>
  );
}

/** The session's discussion: the one comment thread, open to whoever may read the session. */
function Discussion({ session }: { session: SeriesSession }) {
  const [params] = useSearchParams();
  return (
    <Card role="region" aria-labelledby="session-discussion" className="space-y-2 p-4 sm:p-5">
      <h2 id="session-discussion" className="flex items-center gap-2 font-serif text-lg font-semibold">
        <MessageCircle aria-hidden="true" className="h-5 w-5 shrink-0 text-pasture-700 dark:text-gold-300" />
        Discussion
      </h2>
      <CommentThread
        kind={sessionComments}
        parent={session}
        id={`session-comments-${session.id}`}
        marked={params.get("comment")}
      />
    </Card>
  );
}

function Session({ session }: { session: SeriesSession }) {
  useDocumentTitle(`${session.title} · ${session.series.title}`);
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <Link
        to={seriesPath(session.series.id)}
        className="inline-flex items-center gap-1 text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {session.series.title}
      </Link>
      <header className="space-y-1">
        <p className="text-xs font-medium tracking-wide text-stone-600 uppercase dark:text-stone-400">
          {focusThemeLabel(session.series.theme)} · Session {session.position} of {session.series.session_count}
        </p>
        <h1
          tabIndex={-1}
          className="font-serif text-2xl font-semibold break-words text-pasture-900 sm:text-3xl dark:text-stone-50"
        >
          {session.title}
        </h1>
      </header>
      {session.body ? (
        <>
          <SessionBody body={session.body} />
          <DonePanel session={session} />
          <GatherForSession seriesId={session.series.id} sessionId={session.id} sessionTitle={session.title} />
          <Discussion session={session} />
        </>
      ) : (
        <div className="space-y-4">
          <p className="text-stone-700 dark:text-stone-300">
            This session opens{" "}
            <ScriptureLink reference={session.passage} className="font-medium text-pasture-800 dark:text-gold-300" /> with a
            teaching, questions for your group, a challenge for the week and a closing prayer.
          </p>
          <UpgradePrompt context="series_viewing" />
        </div>
      )}
      <Neighbours session={session} />
    </article>
  );
}

/** /pasture/library/{seriesId}/sessions/{sessionId}: one session, to read, talk through and mark done. */
export function SessionPage() {
  const { seriesId = "", sessionId = "" } = useParams();
  const session = useSession(sessionId);
  const navigate = useNavigate();
  const elsewhere = session.data && session.data.series.id !== seriesId;
  useEffect(() => {
    // A link with the wrong series in it still reaches the session, at its own address.
    if (elsewhere) void navigate(sessionPath(session.data.series.id, session.data.id), { replace: true });
  }, [elsewhere, navigate, session.data]);
  if (session.isPending || elsewhere) {
    return (
      <Loading label="Loading the session" className="mx-auto max-w-3xl space-y-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40" />
      </Loading>
    );
  }
  if (session.isError) {
    const missing = hasStatus(session.error, 404);
    return (
      <LoadFailure
        title={missing ? "This session isn't here" : "Couldn't load the session"}
        message={missing ? "It may have been removed, or its series isn't shared with you." : "Please try again."}
        onRetry={missing ? undefined : () => void session.refetch()}
      >
        <BackToLibrary />
      </LoadFailure>
    );
  }
  return <Session key={session.data.id} session={session.data} />;
}

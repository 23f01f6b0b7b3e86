import { BookOpen, CheckCircle2, Flame, Headphones, X } from "lucide-react";
import { useMemo, useState } from "react";
import type { TodayState } from "@shepherd/shared/api";
import { backupIndex, bodySentenceAt, listenScript, localDate } from "@shepherd/shared/today";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { UsageWarning } from "@/components/premium/usage-warning";
import { Button } from "@/components/ui/button";
import { ApiError, errorMessage } from "@/lib/api";
import { usageQuery, useSubscription } from "@/lib/subscription";
import { notify, notifyCappedError, notifyError } from "@/lib/toast";
import { useCompleteDevotional } from "../api/complete-devotional";
import { useDismissWhisper } from "../api/dismiss-whisper";
import { generateAudio } from "../api/generate-audio";
import { useToday } from "../api/get-today";
import { useMarkPrayed } from "../api/mark-prayed";
import { useRefreshDevotional } from "../api/refresh-devotional";
import { useSyncTimeZone } from "../api/sync-time-zone";
import { backupDevotional } from "../backup-devotionals";
import { AudioPlayer } from "../components/audio-player";
import { CheckinCard, ConnectionSlider } from "../components/connection-checkin";
import { DevotionalCard } from "../components/devotional-card";
import { JournalEditor } from "../components/journal-editor";
import { PathToday } from "../components/path-today";
import { PrayerCard } from "../components/prayer-card";

function Skeleton() {
  return (
    <div aria-busy="true" aria-label="Loading today's devotional" className="space-y-4" data-testid="today-skeleton">
      {[40, 24, 96, 64, 80].map((h, i) => (
        <div key={i} className="animate-pulse rounded-xl bg-stone-200 dark:bg-stone-800" style={{ height: `${h * 2}px` }} />
      ))}
    </div>
  );
}

function StreakCounter({ days }: { days: number }) {
  return (
    <p
      className="inline-flex items-center gap-1 rounded-full bg-gold-300/60 px-3 py-1 text-sm font-semibold text-pasture-900 dark:bg-gold-300"
      data-testid="streak"
    >
      <Flame aria-hidden="true" className="h-4 w-4" />
      {days} day{days === 1 ? "" : "s"} streak
    </p>
  );
}

type AudioState = { kind: "idle" } | { kind: "generating" } | { kind: "ready"; url: string };

export function TodayPage() {
  const today = useToday();
  const subscription = useSubscription();
  const complete = useCompleteDevotional();
  const prayed = useMarkPrayed();
  const dismiss = useDismissWhisper();
  const refresh = useRefreshDevotional();
  const client = useQueryClient();
  const [journalOpen, setJournalOpen] = useState(false);
  const [audio, setAudio] = useState<AudioState>({ kind: "idle" });
  const [activeSentence, setActiveSentence] = useState(-1);
  useSyncTimeZone(today.data?.time_zone);

  const fallback = useMemo(() => {
    const now = new Date();
    return backupDevotional(backupIndex(now), localDate(now, Intl.DateTimeFormat().resolvedOptions().timeZone));
  }, []);

  if (today.isPending) return <Skeleton />;

  // A failed background refetch keeps the devotional already shown; only a failed load falls back.
  if (today.isError && !today.data) {
    const signedOut = today.error instanceof ApiError && today.error.status === 401;
    return (
      <div className="space-y-4">
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-stone-900 dark:text-amber-200"
        >
          <span>{signedOut ? "Please sign in to view your devotional" : "Using a backup devotional."}</span>
          <span className="flex gap-2">
            {signedOut ? (
              <Link
                to="/auth"
                className="inline-flex h-8 items-center rounded-lg bg-pasture-700 px-3 text-sm font-medium text-white hover:bg-pasture-800"
              >
                Sign In
              </Link>
            ) : null}
            <Button size="sm" variant="secondary" onClick={() => void today.refetch()}>
              Retry loading today's devotional
            </Button>
          </span>
        </div>
        <DevotionalCard devotional={fallback} activeSentence={-1} />
        <PrayerCard prayer={fallback.prayer} />
      </div>
    );
  }

  const state: TodayState = today.data;
  const { devotional, progress } = state;
  const script = listenScript(devotional);
  const listen = async () => {
    setAudio({ kind: "generating" });
    notify("Generating audio...", "Typically takes 5-10 seconds");
    try {
      const result = await generateAudio({ text: script.text, cacheKey: `daily-devotional-${devotional.id}` });
      if (!result.audioUrl) {
        notifyError("No audio URL returned");
        setAudio({ kind: "idle" });
        return;
      }
      setAudio({ kind: "ready", url: result.audioUrl });
      notify("Audio ready");
    } catch (error) {
      setAudio({ kind: "idle" });
      notifyCappedError("Failed to generate audio", error);
    } finally {
      // A new audio counts against the monthly cap: the 80% warning may now apply.
      void client.invalidateQueries({ queryKey: usageQuery.queryKey });
    }
  };
  const onComplete = () =>
    complete.mutate(devotional.id, {
      onSuccess: (result) =>
        notify("Well done, good shepherd!", `Your streak: ${result.streak} day${result.streak === 1 ? "" : "s"}`),
      onError: (error) => notifyError("Error saving progress", errorMessage(error)),
    });

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {new Date(`${state.date}T12:00:00`).toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" })}
        </p>
        <StreakCounter days={state.streak} />
      </div>

      {state.whisper ? (
        <aside
          aria-labelledby="whisper-title"
          className="relative rounded-2xl border border-gold-400 bg-gold-300/30 p-4 pr-12 dark:bg-stone-900"
        >
          <h2 id="whisper-title" className="text-sm font-semibold text-pasture-800 dark:text-gold-300">
            The Shepherd's Whisper
          </h2>
          <p className="mt-1 font-serif text-stone-800 dark:text-stone-200">{state.whisper.message}</p>
          <button
            type="button"
            aria-label="Dismiss whisper"
            onClick={() => dismiss.mutate(state.whisper!.id)}
            className="absolute top-3 right-3 rounded-lg p-1.5 hover:bg-gold-300/60"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </aside>
      ) : null}

      <DevotionalCard devotional={devotional} activeSentence={audio.kind === "ready" ? activeSentence : -1} />

      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void listen()} disabled={audio.kind === "generating"}>
          <Headphones aria-hidden="true" className="h-4 w-4" />
          {audio.kind === "generating" ? "Generating..." : "Listen"}
        </Button>
        {!progress.completed ? (
          <Button onClick={onComplete} disabled={complete.isPending}>
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
            Mark Complete
          </Button>
        ) : (
          <p className="inline-flex items-center gap-1 text-sm font-medium text-pasture-700 dark:text-gold-300">
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> Completed today
          </p>
        )}
        <Button variant="secondary" onClick={() => setJournalOpen(true)} disabled={state.journal_saved_today}>
          <BookOpen aria-hidden="true" className="h-4 w-4" />
          {state.journal_saved_today ? "✓ Journal Entry Saved" : "Gather Your Thoughts"}
        </Button>
      </div>
      <UsageWarning feature="audio" />

      {!progress.completed ? (
        <div className="space-y-2">
          <button
            type="button"
            className="text-sm text-pasture-700 underline disabled:opacity-50 dark:text-gold-300"
            disabled={refresh.isPending}
            onClick={() =>
              refresh.mutate(undefined, {
                onSuccess: () => notify("A new devotional for today"),
                onError: (error) => notifyCappedError("Error", error),
              })
            }
          >
            {refresh.isPending ? "Finding another devotional..." : "Give me a different devotional"}
          </button>
          <UsageWarning feature="devotional" />
        </div>
      ) : null}

      {journalOpen ? (
        <JournalEditor devotional={devotional} onClose={() => setJournalOpen(false)} onSaved={() => undefined} />
      ) : null}

      {progress.completed && subscription.data && !subscription.data.is_premium ? (
        <UpgradePrompt context="profile_completion" variant="banner" />
      ) : null}

      <PathToday />

      <PrayerCard
        prayer={devotional.prayer}
        prayedAt={progress.prayed_at}
        onPrayed={() =>
          prayed.mutate(devotional.id, { onError: (error) => notifyError("Error saving progress", errorMessage(error)) })
        }
      />

      <ConnectionSlider key={devotional.id} state={state} />
      <CheckinCard checkin={state.checkin} connection={progress.spiritual_connection} />

      {audio.kind === "ready" ? (
        <>
          {/* Room at the end of the page so the fixed player never covers the check-in. */}
          <div aria-hidden="true" className="h-24" />
          <AudioPlayer
            src={audio.url}
            title={devotional.title}
            onTime={(time, duration) => setActiveSentence(bodySentenceAt(script, time, duration))}
            onClose={() => {
              setAudio({ kind: "idle" });
              setActiveSentence(-1);
            }}
          />
        </>
      ) : null}
    </div>
  );
}

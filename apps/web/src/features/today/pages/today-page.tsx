import { BookOpen, ChevronRight, X } from "lucide-react";
import {
  lazy,
  memo,
  startTransition,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import type { TodayState } from "@shepherd/shared/api";
import { longDateLabel } from "@shepherd/shared/dates";
import { backupIndex, bodySentenceAt, listenScript } from "@shepherd/shared/today";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { UsageWarning } from "@/components/premium/usage-warning";
import { Button } from "@/components/ui/button";
import { ApiError, errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { usageQuery } from "@/lib/subscription";
import { todayWithQueued } from "@/lib/offline/pending";
import { useQueuedWrites } from "@/lib/offline/use-queued-writes";
import { notify, notifyCappedError, notifyError } from "@/lib/toast";
import { useCompleteDevotional } from "../api/complete-devotional";
import { useDismissWhisper } from "../api/dismiss-whisper";
import { generateAudio } from "../api/generate-audio";
import { useToday } from "../api/get-today";
import { useMarkPrayed } from "../api/mark-prayed";
import { useRefreshDevotional } from "../api/refresh-devotional";
import { useSyncTimeZone } from "../api/sync-time-zone";
import { backupDevotional } from "../backup-devotionals";
import { useBottomDock } from "../bottom-dock";
import { ActionBar } from "../components/action-bar";
import { CompletionUpgrade } from "../components/completion-upgrade";
import { CheckinCard, ConnectionSlider } from "../components/connection-checkin";
import { DevotionalCard, DevotionalText, PassageQuote } from "../components/devotional-card";
import { MorningSteps } from "../components/morning-steps";
import { PathToday } from "../components/path-today";
import { PrayerCard } from "../components/prayer-card";
import { StreakPill, WeekCard } from "../components/streak-pill";
import { TodayHero, type ListenState } from "../components/today-hero";
import { deviceDate } from "@/lib/time-zone";
import { trackAction } from "@/lib/track-activity";
import { useReadMark } from "../read-mark";
import { morningProgress, readingMinutes } from "../steps";
import { EYEBROW_HEADING, TODAY_LINK } from "../components/eyebrow";

// What the first screen does not show loads when it is asked for (or about to be): the player once Listen is pressed,
// the journal editor when it opens, the completion moment as Mark Complete is reached, the calendar from the streak.
const loadAudioPlayer = () => import("../components/audio-player");
const loadCompletionSheet = () => import("../components/completion-sheet");
const AudioPlayer = lazy(async () => ({ default: (await loadAudioPlayer()).AudioPlayer }));
const CompletionSheet = lazy(async () => ({ default: (await loadCompletionSheet()).CompletionSheet }));
const JournalEditor = lazy(async () => ({ default: (await import("../components/journal-editor")).JournalEditor }));
const StreakCalendarDialog = lazy(async () => ({
  default: (await import("../components/streak-calendar-dialog")).StreakCalendarDialog,
}));

function Skeleton() {
  return (
    <div aria-busy="true" aria-label="Loading today's devotional" className="space-y-4" data-testid="today-skeleton">
      {[20, 150, 40, 96, 64].map((h, i) => (
        <div key={i} className="animate-pulse rounded-xl bg-stone-200 dark:bg-stone-800" style={{ height: `${h * 2}px` }} />
      ))}
    </div>
  );
}

/** A step of the morning: a card that is a region named by its heading, so it can be found and reached. */
function StepSection(props: { labelledBy: string; className?: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={props.labelledBy}
      className={cn(
        "rounded-2xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900",
        props.className,
      )}
    >
      {props.children}
    </section>
  );
}

/**
 * True once the first screen has been painted: the rest of the page (the text, the other steps, the side column) then
 * renders in a transition, which React splits into short slices, so the first load has no long task of rendering it.
 */
function useAfterFirstPaint() {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}

/**
 * Moves focus to an element once the page has re-rendered: the control he pressed is often replaced by its result.
 * When focus is already there (a native dialog closed with Escape puts it back on its opener at once), nothing is
 * scheduled: a late move would take focus from wherever he has gone since.
 */
function useFocusAfterRender() {
  const [target, setTarget] = useState<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    if (!target) return;
    target.current?.focus();
    setTarget(null);
  }, [target]);
  return useCallback((next: RefObject<HTMLElement | null>) => {
    if (next.current && document.activeElement === next.current) return;
    setTarget(next);
  }, []);
}

type AudioState = { kind: "idle" } | { kind: "generating" } | { kind: "ready"; url: string };

export function TodayPage() {
  const today = useToday();
  // His answer arrives as an urgent update; the page follows it through a deferred value, so the whole morning renders
  // in a transition, in short slices that leave a phone's main thread free between them (issue 14). While a newer
  // answer renders, the one on screen stays (GuidedToday is memoized on it).
  const data = useDeferredValue(today.data);

  useSyncTimeZone(data?.time_zone);

  // What he marked or checked in offline shows as done until it syncs (issue 18).
  const queued = useQueuedWrites();
  const shown = useMemo(() => (data ? todayWithQueued(data, queued) : null), [data, queued]);

  // A failed background refetch keeps the devotional already shown; only a failed load falls back.
  if (today.isError && !today.data) {
    const signedOut = today.error instanceof ApiError && today.error.status === 401;
    // Made only here, from the device's clock (no Intl formatter: its first one on a page is a long task on a phone).
    const now = new Date();
    const fallback = backupDevotional(backupIndex(now), deviceDate(now));
    return (
      <div className="space-y-4">
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-stone-900 dark:text-amber-200"
        >
          <span>{signedOut ? "Please sign in to view your devotional" : "Using a backup devotional."}</span>
          <span className="flex flex-wrap gap-2">
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

  if (!shown) return <Skeleton />;
  return <GuidedToday state={shown.state} waiting={shown.waiting} />;
}

/**
 * Today as a guided morning: the hero (picture, title, reading time, Listen), the steps Read, Reflect, Pray and Check
 * in with their progress, and Mark Complete always within reach. From 1024 px two columns: the devotional, and beside
 * it the week, the check-in, the whisper and the plan's day.
 */
const GuidedToday = memo(function GuidedToday({
  state,
  waiting,
}: {
  state: TodayState;
  waiting: { complete: boolean; checkin: boolean };
}) {
  const { devotional, progress } = state;
  const complete = useCompleteDevotional();
  const prayed = useMarkPrayed();
  const dismiss = useDismissWhisper();
  const refresh = useRefreshDevotional();
  const client = useQueryClient();
  const reading = useReadMark(devotional.id);
  const focusAfterRender = useFocusAfterRender();
  const rest = useAfterFirstPaint();

  const [journalOpen, setJournalOpen] = useState(false);
  const [audio, setAudio] = useState<AudioState>({ kind: "idle" });
  const [playing, setPlaying] = useState(false);
  const [activeSentence, setActiveSentence] = useState(-1);
  const [sheet, setSheet] = useState<{ streak: number } | null>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);

  const listenButton = useRef<HTMLButtonElement>(null);
  const journalButton = useRef<HTMLButtonElement>(null);
  const whatsNextButton = useRef<HTMLButtonElement>(null);
  const calendarOpener = useRef<HTMLElement | null>(null);
  const audioElement = useRef<HTMLAudioElement | null>(null);

  // The bottom of the screen: the tab bar, the player above it, and (on a phone) the Mark Complete bar above that.
  const dock = useBottomDock();

  const script = useMemo(() => listenScript(devotional), [devotional]);
  const steps = morningProgress({
    read: reading.read || progress.completed,
    reflect: state.journal_saved_today,
    pray: Boolean(progress.prayed_at),
    checkin: Boolean(state.checkin),
  });

  const listenState: ListenState =
    audio.kind === "ready" ? (playing ? "playing" : "paused") : audio.kind === "generating" ? "generating" : "idle";
  const listen = async () => {
    if (audio.kind === "generating") return;
    if (audio.kind === "ready") {
      const element = audioElement.current;
      if (element?.paused) void element.play().catch((error: unknown) => console.error("audio could not play", error));
      else element?.pause();
      return;
    }
    setAudio({ kind: "generating" });
    void loadAudioPlayer();
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
      trackAction("listen");
    } catch (error) {
      setAudio({ kind: "idle" });
      notifyCappedError("Failed to generate audio", error);
    } finally {
      // A new audio counts against the monthly cap: the 80% warning may now apply.
      void client.invalidateQueries({ queryKey: usageQuery.queryKey });
    }
  };

  const onComplete = () => {
    if (complete.isPending) return;
    void loadCompletionSheet();
    complete.mutate(devotional.id, {
      onSuccess: (result) => {
        // Kept on the device: "Saved on this device, will sync" said so; the bar shows it done, waiting to sync.
        if (!result) return;
        notify("Well done, good shepherd!", `Your streak: ${result.streak} day${result.streak === 1 ? "" : "s"}`);
        setSheet({ streak: result.streak });
      },
      onError: (error) => notifyError("Error saving progress", errorMessage(error)),
    });
  };

  const openCalendar = () => {
    calendarOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setCalendarOpen(true);
  };

  const whisper = state.whisper ? (
    <aside
      aria-labelledby="whisper-title"
      className="relative rounded-2xl border border-gold-400 bg-gold-300/30 p-4 pr-12 dark:bg-stone-900"
    >
      <h2 id="whisper-title" className="text-sm font-semibold text-pasture-800 dark:text-gold-300">
        The Shepherd's Whisper
      </h2>
      <p className="mt-1 font-serif text-stone-800 dark:text-stone-200">{state.whisper.message}</p>
      <Link to="/whispers" className={TODAY_LINK}>
        All your whispers
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Link>
      <button
        type="button"
        aria-label="Dismiss whisper"
        onClick={() =>
          dismiss.mutate(state.whisper!.id, {
            // The whisper goes; focus moves on to the next thing beside it rather than falling to the page.
            onSuccess: () => focusAfterRender({ current: document.getElementById("checkin-step-title") }),
          })
        }
        className="absolute top-3 right-3 rounded-lg p-1.5 hover:bg-gold-300/60"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </aside>
  ) : (
    // Between whispers the archive is still a tap away.
    <Link to="/whispers" className={TODAY_LINK}>
      All your whispers
      <ChevronRight aria-hidden="true" className="h-4 w-4" />
    </Link>
  );

  return (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(16rem,20rem)] lg:items-start lg:gap-6">
      <div className="min-w-0 space-y-5" data-testid="today-main">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-stone-600 dark:text-stone-400">{longDateLabel(state.date)}</p>
          <StreakPill streak={state.streak} onOpen={openCalendar} />
        </div>

        <TodayHero
          devotional={devotional}
          minutes={readingMinutes(devotional)}
          listen={listenState}
          onListen={() => void listen()}
          listenRef={listenButton}
        >
          {!progress.completed ? (
            <button
              type="button"
              className="text-sm text-pasture-700 underline aria-disabled:opacity-50 dark:text-gold-300"
              aria-disabled={refresh.isPending}
              onClick={() => {
                if (refresh.isPending) return;
                refresh.mutate(undefined, {
                  onSuccess: () => notify("A new devotional for today"),
                  onError: (error) => notifyCappedError("Error", error),
                });
              }}
            >
              {refresh.isPending ? "Finding another devotional..." : "Give me a different devotional"}
            </button>
          ) : null}
        </TodayHero>
        <UsageWarning feature="audio" />
        {!progress.completed ? <UsageWarning feature="devotional" /> : null}

        <MorningSteps progress={steps} />

        {rest ? (
          <>
            <StepSection labelledBy="read-title" className="space-y-5">
              <h2 id="read-title" tabIndex={-1} className={`scroll-mt-24 ${EYEBROW_HEADING}`}>
                Read
              </h2>
              <PassageQuote devotional={devotional} />
              <DevotionalText devotional={devotional} activeSentence={audio.kind === "ready" ? activeSentence : -1} />
              <div ref={reading.endRef} aria-hidden="true" className="h-px" />
            </StepSection>

            <StepSection labelledBy="reflection-title" className="space-y-3">
              <h2 id="reflection-title" tabIndex={-1} className={`scroll-mt-24 ${EYEBROW_HEADING}`}>
                Reflect
              </h2>
              <p className="font-serif text-lg">{devotional.reflection}</p>
              <Button
                ref={journalButton}
                variant="secondary"
                onClick={() => !state.journal_saved_today && setJournalOpen(true)}
                aria-disabled={state.journal_saved_today}
              >
                <BookOpen aria-hidden="true" className="h-4 w-4" />
                {state.journal_saved_today ? "✓ Journal Entry Saved" : "Gather Your Thoughts"}
              </Button>
            </StepSection>
            {journalOpen ? (
              <Suspense fallback={null}>
                <JournalEditor
                  devotional={devotional}
                  onClose={() => {
                    setJournalOpen(false);
                    focusAfterRender(journalButton);
                  }}
                  onSaved={() => undefined}
                />
              </Suspense>
            ) : null}

            <PrayerCard
              prayer={devotional.prayer}
              prayedAt={progress.prayed_at}
              pending={prayed.isPending}
              onPrayed={() =>
                prayed.mutate(devotional.id, { onError: (error) => notifyError("Error saving progress", errorMessage(error)) })
              }
            />

            {progress.completed ? (
              // The card form: text above its button, so on a phone nothing is squeezed beside it. Free members only.
              <CompletionUpgrade />
            ) : null}
          </>
        ) : (
          <div aria-hidden="true" className="min-h-screen" />
        )}

        <ActionBar
          ref={dock.barRef}
          completed={progress.completed}
          waiting={waiting.complete}
          pending={complete.isPending}
          progress={steps}
          onComplete={onComplete}
          onPrefetch={() => void loadCompletionSheet()}
          onWhatsNext={() => setSheet({ streak: state.streak })}
          whatsNextRef={whatsNextButton}
        />
      </div>

      <div className="mt-5 min-w-0 space-y-5 lg:mt-0" data-testid="today-beside">
        {rest ? (
          <>
            <WeekCard today={state.date} onOpenCalendar={openCalendar} />
            <section aria-labelledby="checkin-step-title" className="space-y-3">
              <h2 id="checkin-step-title" tabIndex={-1} className={`scroll-mt-24 ${EYEBROW_HEADING}`}>
                Check in
              </h2>
              <ConnectionSlider key={devotional.id} state={state} />
              <CheckinCard checkin={state.checkin} connection={progress.spiritual_connection} waiting={waiting.checkin} />
            </section>
            {whisper}
            <PathToday />
          </>
        ) : null}
      </div>

      {/* Room at the end of the page, so the last of it scrolls clear of the bars fixed along the bottom. */}
      <div
        ref={dock.roomRef}
        aria-hidden="true"
        className="h-[calc(var(--today-bar,0px)+var(--today-player,0px))] lg:h-[var(--today-player,0px)]"
      />

      {audio.kind === "ready" ? (
        <Suspense fallback={null}>
          <AudioPlayer
            ref={dock.playerRef}
            src={audio.url}
            title={devotional.title}
            onAudioElement={(element) => {
              audioElement.current = element;
            }}
            onPlayingChange={setPlaying}
            onTime={(time, duration) => setActiveSentence(bodySentenceAt(script, time, duration))}
            onEnded={reading.markRead}
            onClose={() => {
              setAudio({ kind: "idle" });
              setPlaying(false);
              setActiveSentence(-1);
              focusAfterRender(listenButton);
            }}
          />
        </Suspense>
      ) : null}

      {sheet ? (
        <Suspense fallback={null}>
          <CompletionSheet
            today={state.date}
            streak={sheet.streak}
            devotional={devotional}
            journalSaved={state.journal_saved_today}
            onWriteJournal={() => {
              setSheet(null);
              setJournalOpen(true);
            }}
            onClose={() => {
              setSheet(null);
              focusAfterRender(whatsNextButton);
            }}
          />
        </Suspense>
      ) : null}

      {calendarOpen ? (
        <Suspense fallback={null}>
          <StreakCalendarDialog
            today={state.date}
            streak={state.streak}
            onClose={() => {
              setCalendarOpen(false);
              focusAfterRender(calendarOpener);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
});

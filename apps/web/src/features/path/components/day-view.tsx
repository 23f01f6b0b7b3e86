import { CheckCircle2, Headphones, Lock } from "lucide-react";
import { useState } from "react";
import type { PlanDayHeading, PlanDetail, PlanDay } from "@shepherd/shared/path";
import { ScriptureLink } from "@/components/scripture/scripture-link";
import { AudioBar } from "@/components/ui/audio-bar";
import { WaitingToSync } from "@/components/offline/waiting-to-sync";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Loading, LoadError } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { notify, notifyCappedError, notifyError, showError } from "@/lib/toast";
import { useSetDayComplete } from "../api/complete-day";
import { useDayAudio } from "../api/day-audio";
import { usePlanDay } from "../api/get-plan-day";
import { DayJournal } from "./day-journal";

function Passages({ day }: { day: PlanDay }) {
  return (
    <div className="space-y-4">
      {day.passages.map((passage) => (
        <figure
          key={passage.reference}
          className="space-y-2 rounded-xl border-l-4 border-gold-400 bg-parchment p-4 dark:bg-stone-800"
        >
          <figcaption className="text-sm font-semibold text-pasture-800 dark:text-gold-300">
            <ScriptureLink reference={passage.reference} />
            <span className="ml-2 font-normal text-stone-600 uppercase dark:text-stone-400">{day.translation}</span>
          </figcaption>
          <blockquote className="font-serif leading-relaxed text-stone-900 dark:text-stone-100">
            {passage.verses.map((verse) => (
              <span key={`${verse.chapter}:${verse.verse}`}>
                <sup className="mr-0.5 text-xs text-stone-500">{verse.verse}</sup>
                {verse.text}{" "}
              </span>
            ))}
          </blockquote>
        </figure>
      ))}
    </div>
  );
}

function DayBody({
  day,
  heading,
  following,
  listenFirst,
  waiting,
  onFinished,
}: {
  day: PlanDay;
  heading: PlanDayHeading;
  following: boolean;
  waiting: boolean;
  /** Its maker asked to listen to each day: Listen opens the day. */
  listenFirst: boolean;
  onFinished: () => void;
}) {
  const complete = useSetDayComplete();
  const audio = useDayAudio();
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const listen = () => {
    notify("Generating audio...", "Typically takes 5-10 seconds");
    audio.mutate(
      { planId: day.plan_id, day: day.day_number },
      {
        onSuccess: ({ audioUrl: url }) => {
          if (!url) return notifyError("No audio URL returned");
          notify("Audio ready");
          setAudioUrl(url);
        },
        onError: (error) => notifyCappedError("Failed to generate audio", error),
      },
    );
  };
  const mark = (done: boolean) =>
    complete.mutate(
      { planId: day.plan_id, day: day.day_number, done },
      {
        onSuccess: (result) => {
          // Kept on the device: "Saved on this device, will sync" said so, and the day shows done until it syncs.
          if (!result) return;
          if (result.finished_now) onFinished();
          else if (done) notify(`Day ${day.day_number} complete`, "Well done. The next day opens tomorrow.");
        },
        onError: showError,
      },
    );
  const paragraphs = day.reading.split(/\n{2,}/);
  const listenButton = (
    <Button variant={listenFirst ? "primary" : "secondary"} onClick={listen} disabled={audio.isPending}>
      <Headphones aria-hidden="true" className="h-4 w-4" />
      {audio.isPending ? "Preparing..." : "Listen"}
    </Button>
  );
  return (
    <article aria-labelledby="day-title" className={audioUrl ? "space-y-6 pb-24" : "space-y-6"}>
      {listenFirst ? listenButton : null}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-stone-600 dark:text-stone-400">
            Day {day.day_number} of {day.day_count}
          </p>
          <h2 id="day-title" className="font-serif text-2xl font-semibold text-pasture-900 dark:text-stone-50">
            {day.title}
          </h2>
        </div>
        {listenFirst ? null : listenButton}
      </header>
      <Passages day={day} />
      <div className="space-y-4 font-serif text-lg leading-relaxed text-stone-900 dark:text-stone-100">
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <section aria-labelledby="questions-title" className="space-y-2">
        <h3 id="questions-title" className="font-serif text-lg font-semibold">
          Reflect
        </h3>
        <ul className="list-disc space-y-1 pl-5 text-stone-800 dark:text-stone-200">
          {day.questions.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ul>
      </section>
      {/* A plan made without a daily challenge has none. */}
      {day.challenge ? (
        <Card className="space-y-1 border-gold-400 bg-gold-300/20 dark:bg-stone-800">
          <h3 className="font-semibold text-pasture-900 dark:text-gold-300">Today's challenge</h3>
          <p className="text-stone-800 dark:text-stone-200">{day.challenge}</p>
        </Card>
      ) : null}
      <section aria-labelledby="prayer-title" className="space-y-2">
        <h3 id="prayer-title" className="font-serif text-lg font-semibold">
          Pray
        </h3>
        <p className="font-serif text-stone-800 italic dark:text-stone-200">{day.prayer}</p>
      </section>
      {following ? (
        <div className="flex flex-wrap items-center gap-3">
          {heading.completed ? (
            <>
              <p className="inline-flex items-center gap-2 font-semibold text-pasture-700 dark:text-gold-300">
                <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
                Day {day.day_number} complete
              </p>
              {waiting ? <WaitingToSync /> : null}
              <Button size="sm" variant="ghost" onClick={() => mark(false)} disabled={complete.isPending}>
                Mark not done
              </Button>
            </>
          ) : (
            <Button size="lg" onClick={() => mark(true)} disabled={complete.isPending}>
              {complete.isPending ? "Saving..." : "Mark day complete"}
            </Button>
          )}
        </div>
      ) : null}
      {following ? <DayJournal key={day.id} day={day} /> : null}
      {audioUrl ? <AudioBar testId="plan-day-audio" src={audioUrl} title={day.title} onClose={() => setAudioUrl(null)} /> : null}
    </article>
  );
}

/** The chosen day: its page when it is open to me, or when it opens. */
export function DayView({
  plan,
  dayNumber,
  waiting,
  onFinished,
}: {
  plan: PlanDetail;
  dayNumber: number;
  /** Marked complete offline, kept on this device until it syncs. */
  waiting: boolean;
  onFinished: () => void;
}) {
  const heading = plan.days.find((d) => d.day_number === dayNumber);
  const day = usePlanDay(plan.id, heading?.open ? dayNumber : null);
  if (!heading) return null;
  if (!heading.open) {
    const why = !plan.enrollment
      ? `Start this plan to read day ${dayNumber}.`
      : plan.enrollment.status === "paused"
        ? "This plan is paused. Resume it to open the next days."
        : `Day ${dayNumber} opens on ${heading.opens_on}.`;
    return (
      <Card className="flex items-start gap-3">
        <Lock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-stone-500" />
        <div>
          <h2 className="font-semibold">
            Day {dayNumber}: {heading.title}
          </h2>
          <p className="text-stone-700 dark:text-stone-300">{why}</p>
        </div>
      </Card>
    );
  }
  if (day.isPending) {
    return (
      <Loading label={`Loading day ${dayNumber}`} className="space-y-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-32" />
        <Skeleton className="h-48" />
      </Loading>
    );
  }
  if (day.isError) return <LoadError message={errorMessage(day.error)} onRetry={() => void day.refetch()} />;
  return (
    <DayBody
      day={day.data}
      heading={heading}
      following={Boolean(plan.enrollment)}
      listenFirst={plan.listen_first}
      waiting={waiting}
      onFinished={onFinished}
    />
  );
}

import { BookOpen, CheckCircle2, Flame, Footprints } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Link } from "react-router";
import type { Devotional } from "@shepherd/shared/api";
import { focusThemeLabel } from "@shepherd/shared/themes";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useKeptDays } from "../api/get-streak-days";
import { useTodayPlanDays } from "./path-today";
import { ShareVerse } from "./share-verse";
import { WeekStrip } from "./week-strip";
import { EYEBROW_HEADING } from "./eyebrow";

function streakSentence(streak: number): string {
  if (streak <= 1) return "Day one of your streak. Come back tomorrow to keep it going.";
  return `${streak} days in a row. Keep walking.`;
}

/**
 * The moment after Mark Complete (the spec's streak toast still shows): the streak, this week's days, and what to do
 * next: write in the journal, today's day of his plan, the verse shared as a picture. Loaded when it opens.
 */
export function CompletionSheet(props: {
  today: string;
  streak: number;
  devotional: Devotional;
  journalSaved: boolean;
  onWriteJournal: () => void;
  onClose: () => void;
}) {
  const { kept } = useKeptDays(props.today);
  // He has just kept today, whether or not the week's answer has caught up yet.
  const week = useMemo(() => new Set([...kept, props.today]), [kept, props.today]);
  const planDays = useTodayPlanDays();
  const start = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The dialog has opened (its effect runs first): start reading at the top, not on its Close button.
    start.current?.focus();
  }, []);

  return (
    <Dialog open onClose={props.onClose} title="Today's devotional is complete" description={streakSentence(props.streak)}>
      <div
        ref={start}
        tabIndex={-1}
        className="flex items-center gap-3 rounded-xl bg-gold-300/40 p-4 outline-offset-2 dark:bg-stone-800"
        data-testid="completion-streak"
      >
        <Flame aria-hidden="true" className="h-10 w-10 shrink-0 text-gold-600 motion-safe:animate-[pulse_1.2s_ease-in-out_2]" />
        <p className="font-serif text-pasture-900 dark:text-stone-50">
          <span className="block text-3xl font-semibold tabular-nums">{props.streak}</span>
          <span className="text-sm">{props.streak === 1 ? "day streak" : "days streak"}</span>
        </p>
      </div>

      <section aria-labelledby="completion-week-title" className="space-y-2">
        <h3 id="completion-week-title" className={EYEBROW_HEADING}>
          This week
        </h3>
        <WeekStrip today={props.today} kept={week} />
      </section>

      <section aria-labelledby="completion-next-title" className="space-y-2">
        <h3 id="completion-next-title" className={EYEBROW_HEADING}>
          What's next
        </h3>
        <ul className="space-y-2">
          <li>
            {props.journalSaved ? (
              <p className="flex h-10 items-center gap-2 text-sm font-medium text-pasture-700 dark:text-gold-300">
                <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> Your journal entry for today is saved
              </p>
            ) : (
              <Button className="w-full justify-start" onClick={props.onWriteJournal}>
                <BookOpen aria-hidden="true" className="h-4 w-4" />
                Write in your journal
              </Button>
            )}
          </li>
          {planDays.map((plan) => (
            <li key={plan.planId}>
              <Link
                to={plan.href}
                className="flex min-h-10 items-center gap-2 rounded-lg border border-stone-300 px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50 dark:border-stone-700 dark:text-stone-100 dark:hover:bg-stone-800"
              >
                <Footprints aria-hidden="true" className="h-4 w-4 shrink-0 text-gold-600" />
                <span className="min-w-0">
                  <span className="sr-only">Today on your Path: </span>
                  {plan.title}: {plan.line}
                </span>
              </Link>
            </li>
          ))}
          <li>
            <ShareVerse
              verse={{
                text: props.devotional.passage_text,
                reference: props.devotional.passage,
                translation: "WEB",
                theme: props.devotional.theme,
                themeLabel: focusThemeLabel(props.devotional.theme),
              }}
            />
          </li>
        </ul>
      </section>
      <div className="flex justify-end">
        <Button variant="ghost" onClick={props.onClose}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}

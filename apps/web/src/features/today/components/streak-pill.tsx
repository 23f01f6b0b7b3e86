import { CalendarDays, ChevronRight, Flame } from "lucide-react";
import type { Ref } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useKeptDays } from "../api/get-streak-days";
import { streakLabel } from "../calendar";
import { TODAY_LINK } from "./eyebrow";
import { WeekStrip } from "./week-strip";

/** The streak ("Start your streak today" until there is one); it opens the streak calendar. */
export function StreakPill(props: { streak: number; onOpen: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <>
      <button
        ref={props.ref}
        type="button"
        onClick={props.onOpen}
        aria-haspopup="dialog"
        aria-describedby="streak-pill-hint"
        data-testid="streak"
        className="inline-flex min-h-9 items-center gap-1 rounded-full bg-gold-300 px-3 py-1 text-sm font-semibold text-pasture-900 hover:bg-gold-400"
      >
        <Flame aria-hidden="true" className="h-4 w-4" />
        {streakLabel(props.streak)}
      </button>
      <span id="streak-pill-hint" hidden>
        Opens your streak calendar
      </span>
    </>
  );
}

/** This week on Today, each kept day marked, with the way to the month. */
export function WeekCard(props: { today: string; onOpenCalendar: () => void; ref?: Ref<HTMLButtonElement> }) {
  const week = useKeptDays(props.today);
  return (
    <section
      aria-labelledby="week-title"
      className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="week-title" className="font-semibold">
          This week
        </h2>
        <Button ref={props.ref} variant="ghost" size="sm" onClick={props.onOpenCalendar} aria-haspopup="dialog">
          <CalendarDays aria-hidden="true" className="h-4 w-4" />
          Streak calendar
        </Button>
      </div>
      {week.query.isPending ? (
        <div aria-hidden="true" className="h-14 animate-pulse rounded-xl bg-stone-100 dark:bg-stone-800" />
      ) : (
        <WeekStrip today={props.today} kept={week.kept} />
      )}
      <Link to="/insights" className={TODAY_LINK}>
        See your insights
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </section>
  );
}

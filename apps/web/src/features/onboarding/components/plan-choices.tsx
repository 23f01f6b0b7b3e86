import { Clock } from "lucide-react";
import type { PlanSummary } from "@shepherd/shared/path";
import { PlanCover } from "@/components/path/plan-cover";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

const CARD =
  "flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:flex-row sm:items-center dark:border-stone-800 dark:bg-stone-900";

/**
 * The three cards' outline while the plans load, laid out as the cards are (cover, title, promise, length, button) so
 * that nothing below them (Skip for now) moves when they arrive: a card keeps two lines for its title and
 * two for its promise whether or not they wrap.
 */
export function PlanChoicesSkeleton() {
  return (
    <ul className="mb-6 space-y-3">
      {[0, 1, 2].map((i) => (
        <li key={i} className={CARD}>
          <Skeleton className="h-16 w-16 shrink-0 rounded-xl" />
          <div className="min-w-0 flex-1 space-y-1">
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-4 w-1/3" />
          </div>
          <Skeleton className="h-10 w-full sm:w-28" />
        </li>
      ))}
    </ul>
  );
}

/** Onboarding's first plan: three matched to his focus, each with its promise and a button to start it today. */
export function PlanChoices(props: { plans: PlanSummary[]; starting: string | null; onStart: (plan: PlanSummary) => void }) {
  return (
    <ul className="mb-6 space-y-3">
      {props.plans.map((plan) => (
        <li key={plan.id} className={CARD}>
          <PlanCover theme={plan.theme} imageUrl={plan.image_url} size="md" />
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="line-clamp-2 min-h-12 font-semibold text-pasture-900 dark:text-stone-50">{plan.title}</h2>
            <p className="line-clamp-2 min-h-10 text-sm text-stone-700 dark:text-stone-300">{plan.promise}</p>
            <p className="flex items-center gap-3 text-xs text-stone-600 dark:text-stone-400">
              <span>{plan.day_count} days</span>
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="h-3.5 w-3.5" />
                {plan.minutes_per_day} min a day
              </span>
            </p>
          </div>
          <Button onClick={() => props.onStart(plan)} disabled={props.starting !== null} aria-label={`Start ${plan.title} today`}>
            {props.starting === plan.id ? "Starting..." : "Start today"}
          </Button>
        </li>
      ))}
    </ul>
  );
}

import { Clock } from "lucide-react";
import type { PlanSummary } from "@shepherd/shared/path";
import { PlanCover } from "@/components/path/plan-cover";
import { Button } from "@/components/ui/button";

/** Onboarding's first plan: three matched to his focus, each with its promise and a button to start it today. */
export function PlanChoices(props: { plans: PlanSummary[]; starting: string | null; onStart: (plan: PlanSummary) => void }) {
  return (
    <ul className="mb-6 space-y-3">
      {props.plans.map((plan) => (
        <li
          key={plan.id}
          className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:flex-row sm:items-center dark:border-stone-800 dark:bg-stone-900"
        >
          <PlanCover theme={plan.theme} imageUrl={plan.image_url} size="md" />
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="font-semibold text-pasture-900 dark:text-stone-50">{plan.title}</h2>
            <p className="text-sm text-stone-700 dark:text-stone-300">{plan.promise}</p>
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

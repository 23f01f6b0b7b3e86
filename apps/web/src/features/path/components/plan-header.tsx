import { Clock } from "lucide-react";
import type { PlanSummary } from "@shepherd/shared/path";
import { focusThemeLabel } from "@shepherd/shared/themes";
import { PlanCover } from "@/components/path/plan-cover";

/** The top of a plan's page: its cover, theme, title, promise, description and length. */
export function PlanHeader({ plan }: { plan: PlanSummary }) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <PlanCover theme={plan.theme} imageUrl={plan.image_url} size="lg" />
      <div className="space-y-2">
        <p className="text-xs font-medium tracking-wide text-stone-600 uppercase dark:text-stone-400">
          {focusThemeLabel(plan.theme)}
        </p>
        <h1 className="font-serif text-2xl font-semibold text-pasture-900 sm:text-3xl dark:text-stone-50">{plan.title}</h1>
        <p className="text-lg text-stone-800 dark:text-stone-200">{plan.promise}</p>
        <p className="text-stone-700 dark:text-stone-300">{plan.description}</p>
        <p className="flex items-center gap-3 text-sm text-stone-600 dark:text-stone-400">
          {/* A plan still being written has no days yet: the length he asked for. */}
          <span>{plan.day_count || plan.generation?.total || 0} days</span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {plan.minutes_per_day} minutes a day
          </span>
        </p>
      </div>
    </header>
  );
}

import { CheckCircle2, Clock, Pause } from "lucide-react";
import { Link } from "react-router";
import type { MyPlan, PlanSummary } from "@shepherd/shared/path";
import { focusThemeLabel } from "@shepherd/shared/themes";
import { PlanCover } from "@/components/path/plan-cover";
import { Card } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress-bar";

/** "Day 3 of 7", "Paused on day 3 of 7", "Finished": where I stand in a plan, in words. */
export function standing(plan: MyPlan): string {
  const e = plan.enrollment;
  if (e.status === "completed") return `Finished all ${plan.day_count} days`;
  if (e.status === "paused") return `Paused at day ${Math.max(1, e.unlocked)} of ${plan.day_count}`;
  if (e.unlocked === 0)
    return `Starts ${new Date(`${e.start_date}T12:00:00`).toLocaleDateString(undefined, { weekday: "long", month: "short", day: "numeric" })}`;
  if (e.next_day === null) return `Day ${e.unlocked} of ${plan.day_count} done`;
  return `Day ${e.next_day} of ${plan.day_count}`;
}

/** A plan I follow: where I am, the progress bar, and the way to today's day. */
export function MyPlanCard({ plan }: { plan: MyPlan }) {
  const e = plan.enrollment;
  const day = e.next_day ?? e.unlocked;
  return (
    <Card className="p-4">
      <Link
        to={`/path/${plan.id}${day ? `?day=${day}` : ""}`}
        className="flex flex-wrap items-center gap-4 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4"
      >
        <PlanCover theme={plan.theme} imageUrl={plan.image_url} size="md" />
        <div className="min-w-0 flex-1 basis-32 space-y-1.5">
          <h3 className="font-semibold text-pasture-900 dark:text-stone-50">{plan.title}</h3>
          <p className="flex items-center gap-1.5 text-sm text-stone-700 dark:text-stone-300">
            {e.status === "paused" ? <Pause aria-hidden="true" className="h-4 w-4" /> : null}
            {e.status === "completed" ? <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-pasture-700" /> : null}
            <span>{standing(plan)}</span>
            {plan.next_day_title && e.status === "active" ? <span className="truncate">: {plan.next_day_title}</span> : null}
          </p>
          <ProgressBar percent={e.percent} label={`${plan.title}: ${e.percent}% done`} />
          {e.status === "active" && e.behind > 0 ? (
            <p className="text-xs font-medium text-amber-800 dark:text-amber-300">
              {e.behind} day{e.behind === 1 ? "" : "s"} to catch up
            </p>
          ) : null}
        </div>
      </Link>
    </Card>
  );
}

/** A plan in the library: its cover, title, promise and length; a mark when I follow or finished it. */
export function LibraryCard({ plan }: { plan: PlanSummary }) {
  return (
    <Card className="flex h-full flex-col p-4">
      <Link
        to={`/path/${plan.id}`}
        className="flex flex-1 flex-wrap gap-4 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4"
      >
        <PlanCover theme={plan.theme} imageUrl={plan.image_url} size="md" />
        <div className="min-w-0 flex-1 basis-32 space-y-1">
          <p className="text-xs font-medium tracking-wide text-stone-600 uppercase dark:text-stone-400">
            {focusThemeLabel(plan.theme)}
          </p>
          <h3 className="font-semibold text-pasture-900 dark:text-stone-50">{plan.title}</h3>
          <p className="text-sm text-stone-700 dark:text-stone-300">{plan.promise}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-stone-600 dark:text-stone-400">
            <span>{plan.day_count} days</span>
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="h-3.5 w-3.5" />
              {plan.minutes_per_day} min a day
            </span>
            {plan.enrollment ? (
              <span className="font-semibold text-pasture-700 dark:text-gold-300">
                {plan.enrollment.status === "completed" ? "Finished" : "Following"}
              </span>
            ) : null}
          </p>
        </div>
      </Link>
    </Card>
  );
}

import { CheckCircle2, Footprints } from "lucide-react";
import { Link } from "react-router";
import { PlanCover } from "@/components/path/plan-cover";
import { useMyPlans } from "@/lib/path";

export interface PlanDayToday {
  planId: string;
  title: string;
  theme: string;
  imageUrl: string | null;
  day: number;
  dayCount: number;
  /** Today's day is done (nothing more opens today). */
  done: boolean;
  /** "Day 3 of 21, Slow to Anger" or "Day 3 of 21 done". */
  line: string;
  href: string;
}

/** Today's day of each plan he follows (in progress, with a day open): what "Today on your Path" lists. */
export function useTodayPlanDays(): PlanDayToday[] {
  const mine = useMyPlans();
  return (mine.data?.active ?? [])
    .filter((p) => p.enrollment.status === "active" && p.enrollment.unlocked > 0)
    .map((plan) => {
      const e = plan.enrollment;
      const day = e.next_day ?? plan.done_today ?? e.unlocked;
      const done = e.next_day === null;
      return {
        planId: plan.id,
        title: plan.title,
        theme: plan.theme,
        imageUrl: plan.image_url,
        day,
        dayCount: plan.day_count,
        done,
        line: done ? `Day ${day} of ${plan.day_count} done` : `Day ${day} of ${plan.day_count}, ${plan.next_day_title}`,
        href: `/path/${plan.id}?day=${day}`,
      };
    });
}

/** "Today on your Path: Day k of n, {title}" for each plan in progress, linking to the day (issue 12). */
export function PathToday() {
  const days = useTodayPlanDays();
  if (days.length === 0) return null;
  return (
    <section
      aria-labelledby="path-today-title"
      className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id="path-today-title" className="flex items-center gap-2 font-serif text-lg font-semibold">
        <Footprints aria-hidden="true" className="h-5 w-5 text-gold-600" />
        Today on your Path
      </h2>
      <ul className="space-y-2">
        {days.map((plan) => (
          <li key={plan.planId}>
            <Link to={plan.href} className="flex items-center gap-3 rounded-xl p-2 hover:bg-stone-50 dark:hover:bg-stone-800">
              <PlanCover theme={plan.theme} imageUrl={plan.imageUrl} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block text-sm text-stone-600 dark:text-stone-400">{plan.title}</span>
                <span className="block font-medium text-stone-900 dark:text-stone-100">{plan.line}</span>
              </span>
              {plan.done ? (
                <CheckCircle2 aria-label="Done today" className="h-5 w-5 text-pasture-700 dark:text-gold-300" />
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

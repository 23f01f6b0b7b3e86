import { CheckCircle2, Footprints } from "lucide-react";
import { Link } from "react-router";
import { PlanCover } from "@/components/path/plan-cover";
import { useMyPlans } from "@/lib/path";

/** "Today on your Path: Day k of n, {title}" for each plan in progress, linking to the day (issue 12). */
export function PathToday() {
  const mine = useMyPlans();
  const active = (mine.data?.active ?? []).filter((p) => p.enrollment.status === "active" && p.enrollment.unlocked > 0);
  if (active.length === 0) return null;
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
        {active.map((plan) => {
          const e = plan.enrollment;
          const day = e.next_day ?? plan.done_today ?? e.unlocked;
          const done = e.next_day === null;
          return (
            <li key={plan.id}>
              <Link
                to={`/path/${plan.id}?day=${day}`}
                className="flex items-center gap-3 rounded-xl p-2 hover:bg-stone-50 dark:hover:bg-stone-800"
              >
                <PlanCover theme={plan.theme} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm text-stone-600 dark:text-stone-400">{plan.title}</span>
                  <span className="block font-medium text-stone-900 dark:text-stone-100">
                    {done ? `Day ${day} of ${plan.day_count} done` : `Day ${day} of ${plan.day_count}, ${plan.next_day_title}`}
                  </span>
                </span>
                {done ? <CheckCircle2 aria-label="Done today" className="h-5 w-5 text-pasture-700 dark:text-gold-300" /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

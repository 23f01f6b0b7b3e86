import { Check } from "lucide-react";
import { ProgressBar } from "@/components/ui/progress-bar";
import { cn } from "@/lib/cn";
import { progressSummary, type MorningProgress, type StepId } from "../steps";

/** Each step's heading on Today, where "go to this step" takes him (and focus). */
export const STEP_HEADINGS: Record<StepId, string> = {
  read: "read-title",
  reflect: "reflection-title",
  pray: "prayer-title",
  checkin: "checkin-step-title",
};

/** Scrolls a step's heading into view (under the sticky header) and moves focus to it. */
export function goToStep(step: StepId) {
  const heading = document.getElementById(STEP_HEADINGS[step]);
  if (!heading) return;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  heading.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
  heading.focus({ preventScroll: true });
}

/** The morning's four steps with what is done and where he is; each step is a link to its part of the page. */
export function MorningSteps(props: { progress: MorningProgress }) {
  const { progress } = props;
  return (
    <nav
      aria-labelledby="steps-title"
      className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="steps-title" className="font-semibold">
          This morning
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="steps-summary">
          {progressSummary(progress)}
        </p>
      </div>
      <ProgressBar percent={(progress.doneCount / progress.total) * 100} label="Steps done" />
      <ol className="grid grid-cols-4 gap-1">
        {progress.steps.map((step, i) => (
          <li key={step.id} className="min-w-0">
            <a
              href={`#${STEP_HEADINGS[step.id]}`}
              aria-label={`${step.label}${step.done ? ", done" : step.current ? ", next" : ""}`}
              aria-current={step.current ? "step" : undefined}
              data-done={step.done || undefined}
              onClick={(event) => {
                event.preventDefault();
                goToStep(step.id);
              }}
              className="flex flex-col items-center gap-1 rounded-lg px-1 py-1.5 text-center text-xs font-medium text-stone-700 hover:bg-stone-50 dark:text-stone-300 dark:hover:bg-stone-800"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "flex h-8 w-8 items-center justify-center rounded-full border-2 text-sm font-semibold",
                  step.done
                    ? "border-pasture-700 bg-pasture-700 text-white dark:border-gold-300 dark:bg-gold-300 dark:text-pasture-900"
                    : step.current
                      ? "border-gold-500 text-pasture-900 dark:text-stone-50"
                      : "border-stone-300 text-stone-600 dark:border-stone-600 dark:text-stone-400",
                )}
              >
                {step.done ? <Check className="h-4 w-4" /> : i + 1}
              </span>
              <span className="[overflow-wrap:anywhere]">{step.label}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

import { AlertCircle, PenLine } from "lucide-react";
import type { PlanSummary } from "@shepherd/shared/path";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { showError } from "@/lib/toast";
import { useRetryGeneration } from "../api/retry-generation";

/** "Writing day 4 of 14": the day being written now (the last one while it is finished off). */
export function writingLine(generation: { written: number; total: number }): string {
  return `Writing day ${Math.min(generation.written + 1, generation.total)} of ${generation.total}`;
}

/**
 * A plan of his while it is written (how far, with a bar) or after the writing failed (why, and Try again, which
 * resumes where it stopped). Nothing for a plan that is ready.
 */
export function GenerationStatus({ plan }: { plan: PlanSummary }) {
  const retry = useRetryGeneration();
  const generation = plan.generation;
  if (!generation) return null;
  if (plan.status === "generating") {
    const percent = generation.total ? (generation.written / generation.total) * 100 : 0;
    return (
      <div className="space-y-2">
        <p className="flex items-center gap-1.5 text-sm font-medium text-stone-800 dark:text-stone-200">
          <PenLine aria-hidden="true" className="h-4 w-4 text-pasture-700 dark:text-gold-300" />
          {writingLine(generation)}
        </p>
        <ProgressBar percent={percent} label={`${plan.title}: ${generation.written} of ${generation.total} days written`} />
        <p className="text-xs text-stone-600 dark:text-stone-400">You can leave this page; we will tell you when it is ready.</p>
      </div>
    );
  }
  if (plan.status === "failed") {
    return (
      <div className="space-y-2">
        <p role="alert" className="flex items-start gap-1.5 text-sm text-red-800 dark:text-red-300">
          <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {generation.error ?? "We could not finish writing this plan."}
        </p>
        <Button
          size="sm"
          variant="secondary"
          disabled={retry.isPending}
          onClick={() => retry.mutate(plan.id, { onError: showError })}
        >
          {retry.isPending ? "Starting again..." : "Try again"}
        </Button>
      </div>
    );
  }
  return null;
}

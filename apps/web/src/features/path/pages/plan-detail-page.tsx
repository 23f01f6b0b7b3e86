import { useDocumentTitle } from "@/lib/document-title";
import { useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import type { PlanDetail } from "@shepherd/shared/path";
import { Card } from "@/components/ui/card";
import { Loading, LoadFailure } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { hasStatus } from "@/lib/api";
import { planWithQueued, queuedPlanDays } from "@/lib/offline/pending";
import { useQueuedWrites } from "@/lib/offline/use-queued-writes";
import { usePlan } from "../api/get-plan";
import { PlanBuilderActions } from "../components/builder/builder-links";
import { CompletionDialog } from "../components/completion-dialog";
import { DayList } from "../components/day-list";
import { DayView } from "../components/day-view";
import { FollowPanel } from "../components/follow-panel";
import { GenerationStatus } from "../components/generation-status";
import { PlanHeader } from "../components/plan-header";
import { ProgressPanel } from "../components/progress-panel";
import { DayDiscussion } from "../components/together/day-discussion";
import { PlanTogether } from "../components/together/plan-together";

/** The day a plan's page opens on: the one to do next, else the latest open one, else day 1. */
function defaultDay(plan: PlanDetail): number {
  const e = plan.enrollment;
  if (!e || e.status === "completed") return 1;
  return e.next_day ?? Math.max(1, e.unlocked);
}

function Plan({ plan, waitingDays }: { plan: PlanDetail; waitingDays: number[] }) {
  useDocumentTitle(`${plan.title} · The Path`);
  const [params, setParams] = useSearchParams();
  const [finished, setFinished] = useState(false);
  const asked = Number(params.get("day"));
  const selected = plan.days.some((d) => d.day_number === asked) ? asked : defaultDay(plan);
  // Opened at a day (from Today, or a day in the list): that day is what he came for.
  const openedAtDay = params.has("day");
  useEffect(() => {
    if (openedAtDay) document.getElementById("plan-day")?.scrollIntoView({ block: "start" });
  }, [openedAtDay]);
  const select = (day: number) => {
    setParams({ day: String(day) }, { replace: false });
    document.getElementById("plan-day")?.scrollIntoView({ block: "start" });
  };
  return (
    <div className="space-y-6">
      <Link to="/path" className="text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300">
        ← The Path
      </Link>
      <PlanHeader plan={plan} />
      <PlanBuilderActions plan={plan} />
      {plan.enrollment ? (
        <ProgressPanel plan={plan} onCatchUp={select} />
      ) : (
        <FollowPanel plan={plan} onStarted={() => setParams({ day: "1" })} />
      )}
      <PlanTogether plan={plan} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_1fr]">
        <div className="min-w-0 lg:sticky lg:top-24 lg:self-start">
          <DayList days={plan.days} selected={selected} onSelect={select} />
        </div>
        <div id="plan-day" className="min-w-0 scroll-mt-24">
          <DayView
            plan={plan}
            dayNumber={selected}
            waiting={waitingDays.includes(selected)}
            onFinished={() => setFinished(true)}
          />
          <DayDiscussion plan={plan} dayNumber={selected} />
        </div>
      </div>
      <CompletionDialog plan={plan} open={finished} onClose={() => setFinished(false)} />
    </div>
  );
}

/** A plan of his still being written, or whose writing failed: its header and how far it got, nothing to start yet. */
function UnwrittenPlan({ plan }: { plan: PlanDetail }) {
  useDocumentTitle(`${plan.title} · The Path`);
  return (
    <div className="space-y-6">
      <Link to="/path" className="text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300">
        ← The Path
      </Link>
      <PlanHeader plan={plan} />
      <Card className="space-y-2">
        <h2 className="font-semibold text-pasture-900 dark:text-stone-50">
          {plan.status === "failed" ? "This plan could not be finished" : "Your plan is being written"}
        </h2>
        <GenerationStatus plan={plan} />
      </Card>
    </div>
  );
}

/** /path/{planId}: a plan's page, with today's day open (spec route table; also opened from the "plan is ready" toast). */
export function PlanDetailPage() {
  const { planId = "" } = useParams();
  const plan = usePlan(planId);
  // Days he marked complete offline show done until they sync (issue 18).
  const queued = useQueuedWrites();
  if (plan.isPending) {
    return (
      <Loading label="Loading the plan" className="space-y-4">
        <Skeleton className="h-24" />
        <Skeleton className="h-40" />
      </Loading>
    );
  }
  if (plan.isError) {
    const missing = hasStatus(plan.error, 404);
    return (
      <LoadFailure
        title={missing ? "This plan isn't here" : "Couldn't load the plan"}
        message={missing ? "It may have been removed, or the link is not quite right." : "Please try again."}
        onRetry={missing ? undefined : () => void plan.refetch()}
      >
        <Link to="/path" className="font-medium text-pasture-700 hover:underline dark:text-gold-300">
          Back to The Path
        </Link>
      </LoadFailure>
    );
  }
  if (plan.data.status === "generating" || plan.data.status === "failed") return <UnwrittenPlan plan={plan.data} />;
  return <Plan key={plan.data.id} plan={planWithQueued(plan.data, queued)} waitingDays={queuedPlanDays(queued, planId)} />;
}

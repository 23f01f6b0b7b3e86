import { Copy, FilePlus2, PencilLine } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { PlanSummary } from "@shepherd/shared/path";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";
import { Loading, LoadError } from "@/components/ui/query-state";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { useMyPlans } from "@/lib/path";
import { useLibrary } from "@/features/path/api/get-library";
import { useStartBuilderPlan, type BuilderStart } from "@/features/path/api/start-builder-plan";

const planLabel = (plan: PlanSummary) => `${plan.title} (${plan.day_count} ${plan.day_count === 1 ? "day" : "days"})`;

function StartCard(props: { icon: ReactNode; title: string; id: string; description: string; children: ReactNode }) {
  return (
    <Card className="space-y-3" aria-labelledby={props.id} role="group">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-0.5 text-pasture-700 dark:text-gold-300">
          {props.icon}
        </span>
        <div className="space-y-1">
          <h2 id={props.id} className="font-semibold text-pasture-900 dark:text-stone-50">
            {props.title}
          </h2>
          <p className="text-sm text-stone-700 dark:text-stone-300">{props.description}</p>
        </div>
      </div>
      {props.children}
    </Card>
  );
}

/** A plan chosen from a list, then an action on it. */
function PlanPicker(props: { id: string; label: string; plans: PlanSummary[]; children: (planId: string) => ReactNode }) {
  const [chosen, setChosen] = useState(props.plans[0]?.id ?? "");
  const planId = props.plans.some((p) => p.id === chosen) ? chosen : (props.plans[0]?.id ?? "");
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor={props.id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
          {props.label}
        </label>
        <Select id={props.id} value={planId} onChange={(event) => setChosen(event.target.value)}>
          {props.plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {planLabel(plan)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-wrap gap-2">{props.children(planId)}</div>
    </div>
  );
}

/** /path/builder with no plan: start from nothing, from a copy of a starter plan, or from one of his own plans. */
export function BuilderStart() {
  const navigate = useNavigate();
  const start = useStartBuilderPlan();
  const library = useLibrary({});
  const mine = useMyPlans();
  const own = (mine.data?.own ?? []).filter((plan) => plan.status === "ready" || plan.status === "draft");
  const begin = (from: BuilderStart) => start.mutate(from, { onSuccess: (plan) => navigate(`/path/builder?plan=${plan.id}`) });
  const pending = start.isPending;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to="/path" className="text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300">
        ← The Path
      </Link>
      <PageHeading
        title="Plan Builder"
        description="Build a plan of your own, day by day: a passage, a short reading, a question or two, a challenge and a prayer for each day. Save it as a draft as you go, and publish it when every day is ready."
      />
      {start.isError ? (
        <p
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {errorMessage(start.error)}
        </p>
      ) : null}
      <StartCard
        icon={<FilePlus2 className="h-5 w-5" />}
        id="start-scratch"
        title="From scratch"
        description="One blank day to begin with; add as many as you need, up to 30."
      >
        <Button onClick={() => begin({ from: "scratch" })} disabled={pending}>
          Start from scratch
        </Button>
      </StartCard>
      <StartCard
        icon={<Copy className="h-5 w-5" />}
        id="start-starter"
        title="From a starter plan"
        description="A copy of its days, yours to change as you like. The starter plan stays as it is."
      >
        {library.isPending ? (
          <Loading label="Loading plans">
            <Skeleton className="h-11" />
          </Loading>
        ) : library.isError ? (
          <LoadError look="compact" message="Couldn't load the plans." onRetry={() => void library.refetch()} />
        ) : (
          <PlanPicker id="starter-plan" label="Starter plan" plans={library.data}>
            {(planId) => (
              <Button onClick={() => begin({ from: "plan", plan_id: planId })} disabled={pending || !planId}>
                Copy this plan
              </Button>
            )}
          </PlanPicker>
        )}
      </StartCard>
      <StartCard
        icon={<PencilLine className="h-5 w-5" />}
        id="start-own"
        title="From one of your plans"
        description="Shape a plan you made (one written for you, say) in place, or start a new one from a copy of it."
      >
        {mine.isPending ? (
          <Loading label="Loading your plans">
            <Skeleton className="h-11" />
          </Loading>
        ) : mine.isError ? (
          <LoadError look="compact" message="Couldn't load your plans." onRetry={() => void mine.refetch()} />
        ) : own.length ? (
          <PlanPicker id="own-plan" label="Your plan" plans={own}>
            {(planId) => (
              <>
                <Button variant="secondary" onClick={() => navigate(`/path/builder?plan=${planId}`)} disabled={!planId}>
                  Edit this plan
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => begin({ from: "plan", plan_id: planId })}
                  disabled={pending || !planId}
                >
                  Make a copy
                </Button>
              </>
            )}
          </PlanPicker>
        ) : (
          <p className="text-sm text-stone-600 dark:text-stone-400">Plans you make show here.</p>
        )}
      </StartCard>
    </div>
  );
}

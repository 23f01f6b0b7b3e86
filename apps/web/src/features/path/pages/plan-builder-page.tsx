import { Link, useSearchParams } from "react-router";
import { Loading, LoadFailure } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { hasStatus, errorMessage } from "@/lib/api";
import { useDocumentTitle } from "@/lib/document-title";
import { useBuilderPlan } from "../api/get-builder-plan";
import { BuilderStart } from "../components/builder/builder-start";
import { PlanEditor } from "../components/builder/plan-editor";
import { PremiumGate } from "../components/premium-gate";

/** /path/builder?plan={id}: one of his plans, read once, then edited (the editor holds his edits from then on). */
function EditPlan({ planId }: { planId: string }) {
  const plan = useBuilderPlan(planId);
  if (plan.isPending) {
    return (
      <Loading label="Loading your plan" className="space-y-4">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-64" />
      </Loading>
    );
  }
  if (plan.isError) {
    const missing = hasStatus(plan.error, 404);
    const refused = hasStatus(plan.error, 409);
    return (
      <LoadFailure
        title={missing ? "This plan isn't here" : refused ? "This plan can't be edited yet" : "Couldn't load the plan"}
        message={missing ? "Only plans you made open in the builder." : refused ? errorMessage(plan.error) : "Please try again."}
        onRetry={missing || refused ? undefined : () => void plan.refetch()}
      >
        <Link to="/path/builder" className="font-medium text-pasture-700 hover:underline dark:text-gold-300">
          Start a plan in the builder
        </Link>
      </LoadFailure>
    );
  }
  return <PlanEditor key={plan.data.id} initial={plan.data} />;
}

/**
 * /path/builder (Premium: custom_plan): with no plan, how to start (from scratch, a starter plan, or one of his own);
 * with ?plan={id}, the editor. A free member sees the spec's Premium message and the way to upgrade.
 */
export function PlanBuilderPage() {
  const planId = useSearchParams()[0].get("plan");
  useDocumentTitle(planId ? "Your plan: Plan Builder" : "Plan Builder");
  return <PremiumGate title="Plan Builder">{planId ? <EditPlan planId={planId} /> : <BuilderStart />}</PremiumGate>;
}

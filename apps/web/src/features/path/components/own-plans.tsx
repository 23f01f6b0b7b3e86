import { Crown, Plus } from "lucide-react";
import { Link } from "react-router";
import type { PlanSummary } from "@shepherd/shared/path";
import { PlanCover } from "@/components/path/plan-cover";
import { Card } from "@/components/ui/card";
import { useSubscription } from "@/lib/subscription";
import { GenerationStatus } from "./generation-status";

/** The way into the creation wizard; for a free member it carries a Premium badge (the wizard says why). */
export function CreatePlanLink() {
  const subscription = useSubscription();
  const free = subscription.data ? !subscription.data.is_premium : false;
  return (
    <Link
      to="/path/create"
      className="inline-flex min-h-11 flex-wrap items-center gap-2 rounded-lg bg-pasture-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-pasture-800"
    >
      <Plus aria-hidden="true" className="h-4 w-4" />
      Create your own plan
      {free ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-gold-300 px-2 py-0.5 text-xs font-semibold text-pasture-900">
          <Crown aria-hidden="true" className="h-3 w-3" />
          Premium
        </span>
      ) : null}
    </Link>
  );
}

/** Where one of his plans stands, in a line, for a plan that is not being written. */
function readyLine(plan: PlanSummary): string {
  if (plan.status === "draft") return "Draft";
  if (!plan.enrollment) return "Ready to start";
  return plan.enrollment.status === "completed" ? "Finished" : "Following";
}

function OwnPlanCard({ plan }: { plan: PlanSummary }) {
  const writing = plan.status === "generating" || plan.status === "failed";
  return (
    <Card className="flex gap-4 p-4">
      <PlanCover theme={plan.theme} imageUrl={plan.image_url} size="md" />
      <div className="min-w-0 flex-1 space-y-2">
        <h3 className="font-semibold text-pasture-900 dark:text-stone-50">
          <Link to={`/path/${plan.id}`} className="hover:underline">
            {plan.title}
          </Link>
        </h3>
        {writing ? (
          <GenerationStatus plan={plan} />
        ) : (
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {readyLine(plan)}
            {plan.status === "draft" ? (
              <>
                {" · "}
                <Link
                  to={`/path/builder?plan=${plan.id}`}
                  className="font-medium text-pasture-700 hover:underline dark:text-gold-300"
                >
                  Continue in the builder<span className="sr-only"> {plan.title}</span>
                </Link>
              </>
            ) : null}
            {plan.status === "ready" && !plan.enrollment ? (
              <>
                {" · "}
                <Link to={`/path/${plan.id}`} className="font-medium text-pasture-700 hover:underline dark:text-gold-300">
                  Open to start<span className="sr-only"> {plan.title}</span>
                </Link>
              </>
            ) : null}
          </p>
        )}
      </div>
    </Card>
  );
}

/** Plans he made: being written (how far), failed (Try again), or ready (to start); newest first. */
export function OwnPlansList({ plans }: { plans: PlanSummary[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {plans.map((plan) => (
        <li key={plan.id}>
          <OwnPlanCard plan={plan} />
        </li>
      ))}
    </ul>
  );
}

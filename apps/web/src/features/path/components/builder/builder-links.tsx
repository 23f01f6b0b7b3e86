import { Copy, Crown, PencilLine } from "lucide-react";
import { Link, useNavigate } from "react-router";
import type { PlanSummary } from "@shepherd/shared/path";
import { Button } from "@/components/ui/button";
import { useMyPlans } from "@/lib/path";
import { useSubscription } from "@/lib/subscription";
import { showError } from "@/lib/toast";
import { useStartBuilderPlan } from "@/features/path/api/start-builder-plan";

const linkClass =
  "inline-flex min-h-10 flex-wrap items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800";

function PremiumBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-gold-300 px-2 py-0.5 text-xs font-semibold text-pasture-900">
      <Crown aria-hidden="true" className="h-3 w-3" />
      Premium
    </span>
  );
}

/** The way into the builder from /path, beside the wizard's; for a free member it carries a Premium badge. */
export function BuildPlanLink() {
  const subscription = useSubscription();
  const free = subscription.data ? !subscription.data.is_premium : false;
  return (
    <Link to="/path/builder" className={linkClass}>
      <PencilLine aria-hidden="true" className="h-4 w-4" />
      Build a plan by hand
      {free ? <PremiumBadge /> : null}
    </Link>
  );
}

/**
 * On a plan's page: "Edit in builder" for a plan he made, "Make my own copy" for a starter plan (Premium; a free
 * member is shown the badge, and the builder's page says why and how to upgrade).
 */
export function PlanBuilderActions({ plan }: { plan: PlanSummary }) {
  const subscription = useSubscription();
  const mine = useMyPlans();
  const navigate = useNavigate();
  const start = useStartBuilderPlan();
  const premium = subscription.data?.is_premium ?? false;
  const own = mine.data?.own.some((p) => p.id === plan.id) ?? false;

  if (own && (plan.status === "ready" || plan.status === "draft")) {
    return (
      <Link to={`/path/builder?plan=${plan.id}`} className={linkClass}>
        <PencilLine aria-hidden="true" className="h-4 w-4" />
        Edit in builder
      </Link>
    );
  }
  if (plan.source !== "starter" || !subscription.data) return null;
  if (!premium) {
    return (
      <Link to="/path/builder" className={linkClass}>
        <Copy aria-hidden="true" className="h-4 w-4" />
        Make my own copy
        <PremiumBadge />
      </Link>
    );
  }
  return (
    <Button
      variant="secondary"
      disabled={start.isPending}
      onClick={() =>
        start.mutate(
          { from: "plan", plan_id: plan.id },
          { onSuccess: (copy) => navigate(`/path/builder?plan=${copy.id}`), onError: showError },
        )
      }
    >
      <Copy aria-hidden="true" className="h-4 w-4" />
      Make my own copy
    </Button>
  );
}

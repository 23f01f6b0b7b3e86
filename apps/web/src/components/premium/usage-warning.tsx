import type { CappedFeature } from "@shepherd/shared/usage";
import { Link } from "react-router";
import { useUsage } from "@/lib/subscription";

/** Spec sections 8 and 9: the usage warning at 80% or more of a cap, shown where the feature is used. */
export function UsageWarning({ feature }: { feature: CappedFeature }) {
  const usage = useUsage();
  const warning = usage.data?.features.find((f) => f.feature === feature)?.warning;
  if (!warning) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-stone-800 dark:text-amber-200"
    >
      {warning}{" "}
      <Link to="/subscription" className="font-medium underline">
        Upgrade
      </Link>
    </p>
  );
}

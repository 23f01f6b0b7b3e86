import { Link } from "react-router";
import { useSubscription } from "@/lib/subscription";
import { SettingsSection } from "./settings-section";

/** Free or Premium, and the way to the subscription page. */
export function PlanSection() {
  const subscription = useSubscription();
  const premium = subscription.data?.is_premium;
  return (
    <SettingsSection title="Plan">
      <p>
        {subscription.isPending ? "Loading your plan..." : premium ? "You are on Shepherd Premium." : "You are on the free plan."}
      </p>
      <Link to="/subscription" className="text-sm font-medium text-pasture-700 underline dark:text-gold-300">
        {premium ? "Manage your subscription" : "See what Premium adds"}
      </Link>
    </SettingsSection>
  );
}

import { Crown } from "lucide-react";
import { Link } from "react-router";
import { useSubscription } from "@/lib/subscription";

/** Header: Upgrade for free users once loading is done; a Premium badge for premium users. */
export function SubscriptionBadge() {
  const subscription = useSubscription();
  if (subscription.isPending) return null;
  if (subscription.data?.is_premium) {
    return (
      <span className="inline-flex min-h-8 items-center gap-1 rounded-full bg-gold-300 px-2.5 sm:px-3 text-xs font-semibold text-pasture-900">
        <Crown aria-hidden="true" className="h-4 w-4" />
        Premium
      </span>
    );
  }
  if (subscription.isError) return null;
  return (
    <Link
      to="/subscription"
      className="inline-flex min-h-8 items-center gap-1 rounded-full bg-gold-400 px-2.5 sm:px-3 text-xs font-semibold text-pasture-900 hover:bg-gold-500"
    >
      <Crown aria-hidden="true" className="h-4 w-4" />
      Upgrade
    </Link>
  );
}

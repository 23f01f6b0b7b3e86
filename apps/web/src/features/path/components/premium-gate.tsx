import type { ReactNode } from "react";
import { Loading, LoadFailure } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useSubscription } from "@/lib/subscription";
import { PremiumOnly } from "./create/wizard-intro";

/**
 * A page for Premium members only (custom_plan: the wizard, the builder): a free member sees the spec's Premium
 * message and the way to upgrade under the page's title instead of its content.
 */
export function PremiumGate({ title, children }: { title: string; children: ReactNode }) {
  const subscription = useSubscription();
  if (subscription.isPending) {
    return (
      <Loading label="Loading" className="mx-auto max-w-2xl space-y-4">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-40" />
      </Loading>
    );
  }
  // A failed background refresh keeps the answer it had: the page is not taken away mid-answer.
  if (!subscription.data) {
    return (
      <LoadFailure
        className="mx-auto max-w-2xl"
        title="Unable to verify subscription status"
        message="Please try again."
        onRetry={() => void subscription.refetch()}
      />
    );
  }
  if (!subscription.data.is_premium) return <PremiumOnly title={title} />;
  return <>{children}</>;
}

import { UPGRADE_BANNER_EXPERIMENT } from "@shepherd/shared/experiment-names";
import { COMPLETION_BANNER_VARIANT, UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { useExperiment } from "@/lib/experiment";
import { useSubscription } from "@/lib/subscription";

/**
 * Spec section 4: the upgrade banner after completion, for free members. Its text is an A/B test: the "plain" variant
 * shows other words; the control, no running experiment, or an error shows the usual ones. Shown = exposed.
 */
export function CompletionUpgrade() {
  const subscription = useSubscription();
  const shown = subscription.isSuccess && !subscription.data.is_premium;
  const variant = useExperiment(UPGRADE_BANNER_EXPERIMENT.name, { exposed: shown });
  if (variant === undefined) return null;
  return (
    <UpgradePrompt
      context="profile_completion"
      variant="card"
      texts={variant === UPGRADE_BANNER_EXPERIMENT.variant ? COMPLETION_BANNER_VARIANT : undefined}
    />
  );
}

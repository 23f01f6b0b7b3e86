import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { PageHeading } from "@/components/ui/page";

/** Spec: plans list (built by the Path issue). */
export function PathPage() {
  return (
    <>
      <PageHeading title="The Path" description="Personal growth plans shaped around your season of life, one day at a time." />
      <UpgradePrompt context="plan_viewing" />
    </>
  );
}

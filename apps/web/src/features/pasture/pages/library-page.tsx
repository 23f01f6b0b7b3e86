import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { PageHeading } from "@/components/ui/page";

/** Spec: series library. */
export function LibraryPage() {
  return (
    <>
      <PageHeading title="Series Library" description="Teaching series for men, to watch alone or with your flock." />
      <UpgradePrompt context="series_viewing" />
    </>
  );
}

import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { PageHeading } from "@/components/ui/page";

/** Spec: pre-join screen for a gathering. */
export function GatheringJoinPage() {
  return (
    <>
      <PageHeading title="Join the Gathering" description="Check your camera and microphone before you join your brothers." />
      <UpgradePrompt context="gathering_viewing" />
    </>
  );
}

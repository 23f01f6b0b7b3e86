import { PageHeading } from "@/components/ui/page";

/** Spec: video room. */
export function GatheringRoomPage() {
  return <PageHeading title="Gathering" description="A live gathering of brothers for prayer and study." />;
}

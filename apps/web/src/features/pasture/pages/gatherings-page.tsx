import { useSearchParams } from "react-router";
import { GatheringList, HostGathering } from "@/community";
import { PageHeading } from "@/components/ui/page";
import { PastureNav } from "../components/pasture-nav";

/**
 * /pasture/gatherings: his upcoming and live gatherings across his flocks, and hosting one. A series session's
 * "gather around it" link brings ?session={id}.
 */
export function GatheringsPage() {
  const [params] = useSearchParams();
  const session = params.get("session") ?? undefined;
  return (
    <div className="space-y-5">
      <PastureNav />
      <PageHeading
        title="Gatherings"
        description="Meet your flock face to face: pray, study and talk, wherever each brother is."
      />
      <HostGathering seriesSessionId={session} />
      <section aria-label="Your gatherings" className="space-y-3">
        <GatheringList empty="No gatherings planned in your flocks. When a brother schedules one, it shows here." />
      </section>
    </div>
  );
}

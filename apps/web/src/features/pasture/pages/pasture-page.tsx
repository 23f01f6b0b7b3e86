import { PageHeading } from "@/components/ui/page";

/** Spec: community feed (built by the Community issue). */
export function PasturePage() {
  return (
    <PageHeading
      title="The Pasture"
      description="Where brothers share prayer requests, encouragement and what God is teaching them."
    />
  );
}

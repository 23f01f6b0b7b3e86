import { PageHeading } from "@/components/ui/page";

/** Spec: insights archive. */
export function InsightsPage() {
  return <PageHeading title="Insights" description="What your journal and check-ins show about your walk over time." />;
}

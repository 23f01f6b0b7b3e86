import { PageHeading } from "@/components/ui/page";

/** Spec: plan detail. */
export function PlanDetailPage() {
  return <PageHeading title="Your Plan" description="The days of your plan, with today's reading and reflection." />;
}

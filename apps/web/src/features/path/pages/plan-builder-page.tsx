import { PageHeading } from "@/components/ui/page";

/** Spec: plan builder. */
export function PlanBuilderPage() {
  return <PageHeading title="Plan Builder" description="Build a plan of your own, day by day." />;
}

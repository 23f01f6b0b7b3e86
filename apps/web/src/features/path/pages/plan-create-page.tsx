import { PageHeading } from "@/components/ui/page";

/** Spec: plan creation steps. */
export function PlanCreatePage() {
  return (
    <PageHeading title="Create a Plan" description="Tell us where you want to grow, and we will shape a plan of days for you." />
  );
}

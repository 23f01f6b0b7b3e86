import { PageHeading } from "@/components/ui/page";

/** Spec: upgrade (built by the Premium issue). */
export function SubscriptionPage() {
  return (
    <PageHeading
      title="Shepherd Premium"
      description="Unlimited devotionals, audio, insights and gatherings for you and your family."
    />
  );
}

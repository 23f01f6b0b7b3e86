import { PageHeading } from "@/components/ui/page";

/** Spec: whispers archive. */
export function WhispersPage() {
  return (
    <PageHeading title="The Shepherd's Whispers" description="Every word of encouragement The Shepherd has whispered to you." />
  );
}

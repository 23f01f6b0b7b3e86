import { PageHeading } from "@/components/ui/page";

/** Spec: The Word (built by the Word issue). */
export function WordPage() {
  return (
    <PageHeading
      title="The Word"
      description="Read the Bible in the World English Bible or the King James Version, search it, and keep your highlights and notes."
    />
  );
}

import { PageHeading } from "@/components/ui/page";

/** Spec: My Flock (built by the Community issue). */
export function FlockPage() {
  return (
    <PageHeading
      title="My Flock"
      description="Your small group of brothers: share reflections, pray for each other, and keep each other going."
    />
  );
}

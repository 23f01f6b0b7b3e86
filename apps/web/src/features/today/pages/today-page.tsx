import { PageHeading } from "@/components/ui/page";

/** Spec: Today devotional (built by the Today issue). */
export function TodayPage() {
  return (
    <PageHeading
      title="Today"
      description="Today's devotional, your streak, a quiet check-in with God, and a place to gather your thoughts."
    />
  );
}

import { PageHeading } from "@/components/ui/page";

/** Spec: journal (built by the Today issue). */
export function JournalPage() {
  return <PageHeading title="Journal" description="Your private reflections, newest first. Only you can read them." />;
}

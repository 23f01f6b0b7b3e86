import { PageHeading } from "@/components/ui/page";

/** Spec: a user's profile (built by the Community issue). */
export function ProfilePage() {
  return <PageHeading title="Profile" description="A brother's name, focus and what he has shared with the community." />;
}

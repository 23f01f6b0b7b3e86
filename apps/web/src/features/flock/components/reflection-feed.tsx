import { Feed, PostSkeletons } from "@/community";
import { useReflections } from "../api/get-reflections";
import { ReflectionCard } from "./reflection-card";

/** A flock's reflections, newest first, loading older ones on scroll. */
export function ReflectionFeed({ flockId }: { flockId: string }) {
  const reflections = useReflections(flockId);
  return (
    <Feed
      query={reflections}
      label="Reflections"
      loading={<PostSkeletons count={2} />}
      error="We couldn't load the reflections. Please try again."
      empty="No reflections yet. Share the first one: what is God showing you today?"
      olderLabel="Load older reflections"
    >
      {(reflection) => <ReflectionCard reflection={reflection} />}
    </Feed>
  );
}

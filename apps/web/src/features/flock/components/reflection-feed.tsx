import { LoadMore, PostSkeletons } from "@/community";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useReflections } from "../api/get-reflections";
import { ReflectionCard } from "./reflection-card";

/** A flock's reflections, newest first, loading older ones on scroll. */
export function ReflectionFeed({ flockId }: { flockId: string }) {
  const reflections = useReflections(flockId);
  if (reflections.isPending) return <PostSkeletons count={2} />;
  if (reflections.isError) {
    return (
      <Card className="space-y-3 text-center">
        <p role="alert">We couldn't load the reflections. Please try again.</p>
        <Button variant="secondary" onClick={() => void reflections.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  const items = reflections.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Card className="text-center text-stone-700 dark:text-stone-300">
        No reflections yet. Share the first one: what is God showing you today?
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <ul aria-label="Reflections" className="space-y-4">
        {items.map((reflection) => (
          <li key={reflection.id}>
            <ReflectionCard reflection={reflection} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={reflections.hasNextPage}
        isFetchingNextPage={reflections.isFetchingNextPage}
        isError={reflections.isFetchNextPageError}
        fetchNextPage={reflections.fetchNextPage}
        label="Load older reflections"
      />
    </div>
  );
}

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useWhispers } from "../api/whispers";

const TRIGGER_WORDS: Record<string, string> = {
  victory: "After your journal",
  struggle: "On a hard day",
  daily_checkin: "After your check-in",
};

/** /whispers: every word of encouragement The Shepherd has whispered, newest first. */
export function WhispersPage() {
  const whispers = useWhispers();
  const all = whispers.data?.pages.flatMap((page) => page.whispers) ?? [];
  return (
    <div className="space-y-4">
      <PageHeading title="The Shepherd's Whispers" description="Every word of encouragement The Shepherd has whispered to you." />
      {whispers.isPending ? (
        <Spinner label="Loading whispers" />
      ) : whispers.isError ? (
        <div role="alert" className="space-y-2">
          <p className="text-stone-700 dark:text-stone-300">Your whispers could not be loaded. {errorMessage(whispers.error)}</p>
          <Button variant="secondary" onClick={() => void whispers.refetch()}>
            Try again
          </Button>
        </div>
      ) : all.length === 0 ? (
        <p className="text-stone-600 dark:text-stone-400">No whispers yet. They come after you journal and check in.</p>
      ) : (
        <ul className="space-y-3">
          {all.map((w) => (
            <li key={w.id}>
              <Card className="space-y-1">
                <p className="text-xs text-stone-600 dark:text-stone-400">
                  {TRIGGER_WORDS[w.trigger_type] ?? "Whisper"} · {new Date(w.created_at).toLocaleDateString()}
                </p>
                <p className="font-serif text-lg">{w.message}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {whispers.hasNextPage ? (
        <Button variant="secondary" onClick={() => void whispers.fetchNextPage()} disabled={whispers.isFetchingNextPage}>
          Show older whispers
        </Button>
      ) : null}
    </div>
  );
}

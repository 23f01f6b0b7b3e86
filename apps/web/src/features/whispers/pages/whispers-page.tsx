import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useWhispers } from "../api/get-whispers";

const TRIGGER_WORDS: Record<string, string> = {
  victory: "After your journal",
  struggle: "On a hard day",
  daily_checkin: "After your check-in",
};

/** /whispers: every word of encouragement The Shepherd has whispered, newest first. */
export function WhispersPage() {
  const whispers = useWhispers();
  return (
    <div className="space-y-4">
      <PageHeading title="The Shepherd's Whispers" description="Every word of encouragement The Shepherd has whispered to you.">
        <p className="text-sm">
          <Link to="/insights" className="font-medium text-pasture-700 underline dark:text-gold-300">
            Your insights
          </Link>{" "}
          <span className="text-stone-600 dark:text-stone-400">show what your check-ins and journal add up to.</span>
        </p>
      </PageHeading>
      <QueryState
        query={whispers}
        look="plain"
        loading={<Spinner label="Loading whispers" />}
        error={`Your whispers could not be loaded. ${errorMessage(whispers.error)}`}
        isEmpty={(data) => data.pages.every((page) => page.whispers.length === 0)}
        empty="No whispers yet. They come after you journal and check in."
      >
        {(data) => (
          <ul className="space-y-3">
            {data.pages
              .flatMap((page) => page.whispers)
              .map((w) => (
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
      </QueryState>
      {whispers.hasNextPage ? (
        <Button variant="secondary" onClick={() => void whispers.fetchNextPage()} disabled={whispers.isFetchingNextPage}>
          Show older whispers
        </Button>
      ) : null}
    </div>
  );
}

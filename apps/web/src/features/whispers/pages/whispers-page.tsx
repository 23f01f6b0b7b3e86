import { useQuery } from "@tanstack/react-query";
import type { Whisper } from "@shepherd/shared/api";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@/lib/api";

const TRIGGER_WORDS: Record<string, string> = {
  victory: "After your journal",
  struggle: "On a hard day",
  daily_checkin: "After your check-in",
};

/** /whispers: every word of encouragement The Shepherd has whispered, newest first. */
export function WhispersPage() {
  const whispers = useQuery({ queryKey: ["whispers"], queryFn: () => api<{ whispers: Whisper[] }>("/api/whispers") });
  return (
    <div className="space-y-4">
      <PageHeading title="The Shepherd's Whispers" description="Every word of encouragement The Shepherd has whispered to you." />
      {whispers.isPending ? (
        <Spinner label="Loading whispers" />
      ) : !whispers.data?.whispers.length ? (
        <p className="text-stone-600 dark:text-stone-400">No whispers yet. They come after you journal and check in.</p>
      ) : (
        <ul className="space-y-3">
          {whispers.data.whispers.map((w) => (
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
    </div>
  );
}

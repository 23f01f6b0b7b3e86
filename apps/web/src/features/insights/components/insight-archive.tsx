import { useState } from "react";
import type { InsightSummary } from "@shepherd/shared/insights";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { notify, showError } from "@/lib/toast";
import { useDeleteInsight } from "../api/delete-insight";
import { useInsight } from "../api/get-insight";
import { useInsights } from "../api/get-insights";
import { InsightView, periodText } from "./insight-view";

function OpenInsight({ id }: { id: string }) {
  const insight = useInsight(id);
  return (
    <QueryState
      query={insight}
      look="plain"
      loading={<Spinner label="Loading this insight" />}
      error={`This insight could not be loaded. ${errorMessage(insight.error)}`}
    >
      {(data) => <InsightView insight={data} withSnapshot />}
    </QueryState>
  );
}

function ArchiveItem({ item }: { item: InsightSummary }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteInsight();
  const panelId = `insight-${item.id}`;
  return (
    <li>
      <Card className="space-y-3">
        <article aria-labelledby={`${panelId}-title`} className="space-y-3">
          <div>
            <p className="text-xs text-stone-600 dark:text-stone-400">
              {periodText(item)} · written{" "}
              {new Date(item.created_at).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" })}
            </p>
            <h3 id={`${panelId}-title`} className="font-serif text-lg font-semibold">
              {item.headline}
            </h3>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
              {open ? "Close" : "Read"}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </div>
          <div id={panelId} hidden={!open}>
            {open ? <OpenInsight id={item.id} /> : null}
          </div>
        </article>
      </Card>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this insight?"
        description="It leaves your archive for good, with the charts kept beside it."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(item.id, {
                onSuccess: () => {
                  setConfirming(false);
                  notify("Insight deleted");
                },
                onError: showError,
              })
            }
          >
            Delete insight
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

/** The archive: his insights, newest first, each with its period; read one (with its charts as they were), delete one. */
export function InsightArchive() {
  const insights = useInsights();
  return (
    <section aria-labelledby="archive-heading" className="space-y-4">
      <h2 id="archive-heading" className="font-serif text-xl font-semibold">
        Your insights
      </h2>
      <QueryState
        query={insights}
        look="plain"
        loading={<Spinner label="Loading your insights" />}
        error={`Your insights could not be loaded. ${errorMessage(insights.error)}`}
        isEmpty={(data) => data.pages.every((page) => page.insights.length === 0)}
        empty="No insights yet. Reflect on your week and it is kept here."
      >
        {(data) => (
          <ul aria-labelledby="archive-heading" className="space-y-3">
            {data.pages
              .flatMap((page) => page.insights)
              .map((item) => (
                <ArchiveItem key={item.id} item={item} />
              ))}
          </ul>
        )}
      </QueryState>
      {insights.hasNextPage ? (
        <Button variant="secondary" onClick={() => void insights.fetchNextPage()} disabled={insights.isFetchingNextPage}>
          Show older insights
        </Button>
      ) : null}
    </section>
  );
}

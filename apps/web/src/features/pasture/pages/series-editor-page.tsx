import { Crown } from "lucide-react";
import { useParams } from "react-router";
import { PREMIUM_ONLY_MESSAGE } from "@shepherd/shared/usage";
import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";
import { Loading, LoadFailure } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { hasStatus } from "@/lib/api";
import { useSubscription } from "@/lib/subscription";
import { useEditableSeries } from "../api/series/get-editable-series";
import { SeriesEditor } from "../components/series-editor";
import { BackToLibrary } from "../components/series-header";

function EditorLoading() {
  return (
    <Loading label="Loading" className="mx-auto max-w-3xl space-y-4">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-64" />
    </Loading>
  );
}

/** series_creation is Premium: a free member sees the spec's message and the way to upgrade instead of the editor. */
function PremiumOnly({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackToLibrary />
      <PageHeading title={title} />
      <Card className="flex items-start gap-3" data-testid="series-premium-only">
        <Crown aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gold-600" />
        <p className="font-medium text-stone-900 dark:text-stone-100">{PREMIUM_ONLY_MESSAGE}</p>
      </Card>
      <UpgradePrompt context="series_viewing" />
    </div>
  );
}

function Editing({ seriesId, title }: { seriesId: string; title: string }) {
  const series = useEditableSeries(seriesId, true);
  if (series.isPending) return <EditorLoading />;
  if (series.isError) {
    const missing = hasStatus(series.error, 404);
    return (
      <LoadFailure
        title={missing ? "This series isn't yours to edit" : "Couldn't load the series"}
        message={missing ? "Only the member who made a series can change it." : "Please try again."}
        onRetry={missing ? undefined : () => void series.refetch()}
      >
        <BackToLibrary />
      </LoadFailure>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackToLibrary />
      <PageHeading title={title} description={series.data.title} />
      <SeriesEditor series={series.data} />
    </div>
  );
}

/** /pasture/library/new and /pasture/library/{seriesId}/edit: a Premium member's own series, by hand or with drafted guides. */
export function SeriesEditorPage() {
  const { seriesId } = useParams();
  const subscription = useSubscription();
  const title = seriesId ? "Edit your series" : "Create a series";
  if (subscription.isPending) return <EditorLoading />;
  if (!subscription.data) {
    return (
      <LoadFailure
        className="mx-auto max-w-3xl"
        title="Unable to verify subscription status"
        message="Please try again."
        onRetry={() => void subscription.refetch()}
      />
    );
  }
  if (!subscription.data.is_premium) return <PremiumOnly title={title} />;
  if (seriesId) return <Editing seriesId={seriesId} title={title} />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackToLibrary />
      <PageHeading
        title={title}
        description="Write each session yourself, or draft its discussion guide from a title and a passage, then make it yours."
      />
      <SeriesEditor series={null} />
    </div>
  );
}

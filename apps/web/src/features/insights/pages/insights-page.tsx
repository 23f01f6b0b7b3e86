import { Link } from "react-router";
import { PageHeading } from "@/components/ui/page";
import { GeneratePanel } from "../components/generate-panel";
import { InsightArchive } from "../components/insight-archive";
import { RangeCharts } from "../components/range-charts";

/** /insights: the charts of his walk over time, a reflection on his week or month, and the archive of insights. */
export function InsightsPage() {
  return (
    <div className="space-y-8">
      <PageHeading title="Insights" description="What your check-ins, devotionals and journal show about your walk over time.">
        <p className="text-sm">
          <Link to="/whispers" className="font-medium text-pasture-700 underline dark:text-gold-300">
            The Shepherd&apos;s Whispers
          </Link>{" "}
          <span className="text-stone-600 dark:text-stone-400">keeps every word of encouragement written for you.</span>
        </p>
      </PageHeading>
      <GeneratePanel />
      <RangeCharts />
      <InsightArchive />
    </div>
  );
}

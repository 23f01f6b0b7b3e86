import { useMemo } from "react";
import type { Insight, InsightSummary } from "@shepherd/shared/insights";
import { shortDate } from "@shepherd/shared/insights";
import { CareCard } from "@/components/care/care-card";
import { snapshotCharts } from "../charts";
import { ChartCard } from "./chart-card";
import { DataTable } from "./data-table";
import { ConnectionPlot } from "./plots";
import { StreakCalendarView } from "./streak-calendar";

/** "The week of 20 Nov to 26 Nov 2026", "The month of 28 Oct to 26 Nov 2026". */
export function periodText(insight: Pick<InsightSummary, "period" | "period_start" | "period_end">): string {
  return `The ${insight.period} of ${shortDate(insight.period_start)} to ${shortDate(insight.period_end)} ${insight.period_end.slice(0, 4)}`;
}

const SOURCE_TEXT: Record<string, string> = {
  composer: "Written by Shepherd from your numbers and journal",
  openai: "Written by an AI model from your numbers and journal",
};

const PARTS = [
  ["rose", "What rose"],
  ["fell", "What fell"],
  ["themes", "In your journal"],
  ["encouragement", "For the road"],
] as const;

/** The charts an insight was written from, as they were then. */
function SnapshotCharts({ insight }: { insight: Insight }) {
  const charts = useMemo(() => snapshotCharts(insight.snapshot), [insight.snapshot]);
  return (
    <div className="space-y-3">
      <h4 className="font-semibold">The numbers as they were</h4>
      <DataTable table={charts.numbers} />
      <ChartCard landmark={false} headingLevel={4} title="Connection with God" chart={charts.connection}>
        <ConnectionPlot points={charts.connection.points} />
      </ChartCard>
      <ChartCard landmark={false} headingLevel={4} title="Your days" chart={charts.calendar} readable>
        <StreakCalendarView calendar={charts.calendar.calendar} streak={false} />
      </ChartCard>
    </div>
  );
}

/** An insight's words: what rose and fell, his journal's themes, an encouragement and its passage (WEB). */
export function InsightView({ insight, withSnapshot = false }: { insight: Insight; withSnapshot?: boolean }) {
  return (
    <div className="space-y-4">
      {insight.care ? <CareCard /> : null}
      <dl className="space-y-3">
        {PARTS.map(([key, label]) => (
          <div key={key}>
            <dt className="text-sm font-semibold text-pasture-800 dark:text-gold-300">{label}</dt>
            <dd className="text-stone-800 dark:text-stone-200">{insight[key]}</dd>
          </div>
        ))}
      </dl>
      <figure className="rounded-xl border-l-4 border-gold-400 bg-parchment px-4 py-3 dark:bg-stone-800">
        <blockquote className="font-serif text-lg">{insight.scripture_text}</blockquote>
        <figcaption className="mt-1 text-sm text-stone-700 dark:text-stone-300">{insight.scripture_reference} (WEB)</figcaption>
      </figure>
      <p className="text-xs text-stone-600 dark:text-stone-400">{SOURCE_TEXT[insight.source] ?? "Written for you"}</p>
      {withSnapshot ? <SnapshotCharts insight={insight} /> : null}
    </div>
  );
}

import { useMemo, useState } from "react";
import { DEFAULT_INSIGHT_RANGE, INSIGHT_RANGES, type InsightRangeId } from "@shepherd/shared/insights";
import { FilterChips } from "@/components/ui/filter-chips";
import { QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Loading } from "@/components/ui/query-state";
import { errorMessage } from "@/lib/api";
import { useInsightsData } from "../api/get-insights-data";
import { rangeCharts } from "../charts";
import { ChartCard } from "./chart-card";
import { ConnectionPlot, FocusPlot, JournalPlot, MoodPlot } from "./plots";
import { StreakCalendarView } from "./streak-calendar";

const RANGE_OPTIONS = INSIGHT_RANGES.map((r) => ({ value: r.id, label: r.label }));

/** The charts of his walk over a range: 4 weeks, 3 months or a year. */
export function RangeCharts() {
  const [range, setRange] = useState<InsightRangeId>(DEFAULT_INSIGHT_RANGE);
  const data = useInsightsData(range);
  const charts = useMemo(() => (data.data ? rangeCharts(data.data) : null), [data.data]);
  return (
    <section aria-labelledby="walk-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="walk-heading" className="font-serif text-xl font-semibold">
          Your walk
        </h2>
        <FilterChips label="Range" value={range} options={RANGE_OPTIONS} onChange={setRange} />
      </div>
      <QueryState
        query={data}
        loading={
          <Loading label="Loading your charts" className="grid gap-4 md:grid-cols-2">
            <Skeleton className="h-72" />
            <Skeleton className="h-72" />
          </Loading>
        }
        error={`Your charts could not be loaded. ${errorMessage(data.error)}`}
      >
        {() =>
          charts ? (
            <div className="grid gap-4 md:grid-cols-2" aria-busy={data.isPlaceholderData}>
              <ChartCard headingLevel={3} title="Connection with God" chart={charts.connection} className="md:col-span-2">
                <ConnectionPlot points={charts.connection.points} />
              </ChartCard>
              <ChartCard headingLevel={3} title="Your days" chart={charts.calendar} readable className="md:col-span-2">
                <StreakCalendarView calendar={charts.calendar.calendar} />
              </ChartCard>
              <ChartCard headingLevel={3} title="Mood through the weeks" chart={charts.mood}>
                <MoodPlot points={charts.mood.points} />
              </ChartCard>
              <ChartCard headingLevel={3} title="Journal entries per week" chart={charts.journal}>
                <JournalPlot points={charts.journal.points} />
              </ChartCard>
              <ChartCard headingLevel={3} title="Focus areas over time" chart={charts.focus} className="md:col-span-2">
                <FocusPlot points={charts.focus.points} />
              </ChartCard>
            </div>
          ) : null
        }
      </QueryState>
    </section>
  );
}

import { useMemo } from "react";
import type uPlot from "uplot";
import type { AdminChurn } from "@shepherd/shared/admin";
import { CHART_FONT, paletteFor } from "@/components/charts/palette";
import { UPlotChart } from "@/components/charts/uplot-chart";
import { useDark } from "@/components/charts/use-dark";

/** A cohort's share still active k weeks after its sign-up week, in percent (null before that week has come). */
export function retentionPercent(cohort: AdminChurn["cohorts"][number], k: number): number | null {
  const n = cohort.retained[k];
  if (n === null || n === undefined || cohort.members === 0) return null;
  return Math.round((n / cohort.members) * 100);
}

export const weekLabel = (week: string) =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * Weekly retention: one line per sign-up week (in the colour-blind-safe focus colours), the percent of its members
 * active in each week since. The table beside it says the same in numbers, for everyone.
 */
export function RetentionChart({ cohorts }: { cohorts: AdminChurn["cohorts"] }) {
  const dark = useDark();
  const shown = useMemo(() => cohorts.filter((c) => c.members > 0), [cohorts]);
  const weeks = cohorts[0]?.retained.length ?? 0;
  const data = useMemo<uPlot.AlignedData>(
    () => [Array.from({ length: weeks }, (_, k) => k), ...shown.map((c) => c.retained.map((_, k) => retentionPercent(c, k)))],
    [shown, weeks],
  );
  const options = useMemo<Omit<uPlot.Options, "width" | "height">>(() => {
    const palette = paletteFor(dark);
    const axis = {
      stroke: palette.axis,
      font: CHART_FONT,
      grid: { stroke: palette.grid, width: 1 },
      ticks: { stroke: palette.grid, width: 1 },
    };
    return {
      scales: { x: { time: false }, y: { range: [0, 100] } },
      axes: [
        { ...axis, incrs: [1], values: (_u, splits) => splits.map((s) => `wk ${s}`) },
        { ...axis, size: 48, values: (_u, splits) => splits.map((s) => `${s}%`) },
      ],
      series: [
        {},
        ...shown.map((c, i) => ({
          label: weekLabel(c.week),
          stroke: palette.focus[i % palette.focus.length],
          width: 2,
          points: { show: true },
        })),
      ],
      cursor: { y: false },
    };
  }, [dark, shown]);
  const describe = (k: number) =>
    shown
      .map((c) => {
        const p = retentionPercent(c, k);
        return p === null ? null : `${weekLabel(c.week)}: ${p}%`;
      })
      .filter(Boolean)
      .join(" · ") || null;
  if (shown.length === 0) return <p className="text-sm text-stone-700 dark:text-stone-300">No sign-ups in these weeks.</p>;
  const palette = paletteFor(dark);
  return (
    <div className="space-y-2">
      <div role="img" aria-label="Retention by sign-up week: the table below gives each week's numbers.">
        <UPlotChart options={options} data={data} height={200} describe={describe} />
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true">
        {shown.map((c, i) => (
          <li key={c.week} className="flex items-center gap-1">
            <span className="inline-block h-2 w-4 rounded" style={{ background: palette.focus[i % palette.focus.length] }} />
            {weekLabel(c.week)}
          </li>
        ))}
      </ul>
    </div>
  );
}

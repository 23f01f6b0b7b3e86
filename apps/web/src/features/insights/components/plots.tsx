import { useCallback, useMemo } from "react";
import uPlot from "uplot";
import { CONNECTION_BANDS, dayLabel, shortDate } from "@shepherd/shared/insights";
import { connectionLabel, MOODS } from "@shepherd/shared/today";
import type { ConnectionPoints, FocusPoints, WeeklyPoints } from "../charts";
import { CHART_FONT, paletteFor, type ChartPalette } from "@/components/charts/palette";
import { UPlotChart } from "@/components/charts/uplot-chart";
import { useDark } from "@/components/charts/use-dark";

/** The four uPlot charts of /insights; each takes a chart model's points (charts.ts) and draws them in the theme. */

const HEIGHT = 220;
const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const DAY = 86_400;
/** The daily chart's axis steps: whole days and weeks, never hours. */
const DAY_INCREMENTS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY];

function axes(palette: ChartPalette, y: Partial<uPlot.Axis> = {}, x: Partial<uPlot.Axis> = {}): uPlot.Axis[] {
  const common = {
    stroke: palette.axis,
    font: CHART_FONT,
    grid: { stroke: palette.grid, width: 1 },
    ticks: { stroke: palette.grid, width: 1 },
  };
  return [
    { ...common, ...x },
    { ...common, size: 44, ...y },
  ];
}

/** Weekly charts put one point per week at 0, 1, 2...; the axis names each week by its Monday. */
function weekAxis(weekStarts: number[]): Partial<uPlot.Axis> {
  return {
    splits: (_u, _axis, min, max) => {
      const span = Math.max(1, max - min);
      const step = span > 26 ? 8 : span > 12 ? 4 : span > 6 ? 2 : 1;
      const splits: number[] = [];
      for (let i = Math.ceil(min); i <= max; i += step) splits.push(i);
      return splits;
    },
    values: (_u, splits) => splits.map((i) => (weekStarts[i] === undefined ? "" : shortDate(dateOf(weekStarts[i]!)))),
    grid: { show: false },
  };
}

/** Draws the label bands of the connection slider behind the line, each named at the left edge. */
function bandsPlugin(palette: ChartPalette): uPlot.Plugin {
  return {
    hooks: {
      drawClear: (u) => {
        const { ctx } = u;
        const { left, width } = u.bbox;
        ctx.save();
        CONNECTION_BANDS.forEach((band, i) => {
          const top = u.valToPos(i === CONNECTION_BANDS.length - 1 ? 100 : band.to + 0.5, "y", true);
          const bottom = u.valToPos(i === 0 ? 0 : band.from - 0.5, "y", true);
          ctx.fillStyle = palette.bands[i]!;
          ctx.fillRect(left, top, width, bottom - top);
          ctx.fillStyle = palette.bandText;
          ctx.font = `${Math.round(10 * uPlot.pxRatio)}px Inter, ui-sans-serif, system-ui, sans-serif`;
          // At the band's top, clear of the grid lines at 25, 50 and 75 that run through the bands' middles.
          ctx.textBaseline = "top";
          ctx.fillText(band.label, left + 6 * uPlot.pxRatio, top + 3 * uPlot.pxRatio);
        });
        ctx.restore();
      },
    },
  };
}

/** The connection value day by day, the label bands behind it. */
export function ConnectionPlot({ points }: { points: ConnectionPoints }) {
  const dark = useDark();
  const options = useMemo((): Omit<uPlot.Options, "width" | "height"> => {
    const palette = paletteFor(dark);
    return {
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
      scales: { x: { time: true }, y: { range: [0, 100] } },
      axes: axes(
        palette,
        { splits: () => [0, 25, 50, 75, 100] },
        { incrs: DAY_INCREMENTS, values: (_u, splits) => splits.map((s) => shortDate(dateOf(s))) },
      ),
      series: [
        {},
        {
          label: "Connection",
          stroke: palette.line,
          width: 2,
          spanGaps: true,
          points: { show: true, size: 5, stroke: palette.line, fill: palette.line },
        },
      ],
      cursor: { drag: { x: false, y: false } },
      plugins: [bandsPlugin(palette)],
    };
  }, [dark]);
  const data = useMemo((): uPlot.AlignedData => [points.x, points.y], [points]);
  const describe = useCallback(
    (i: number) => {
      const value = points.y[i];
      const date = dayLabel(dateOf(points.x[i]!));
      return value === null || value === undefined ? `${date}: not set` : `${date}: ${value} (${connectionLabel(value)})`;
    },
    [points],
  );
  return <UPlotChart options={options} data={data} height={HEIGHT} describe={describe} />;
}

/** Mood per week: the average of the week's check-ins, from struggling to great. */
export function MoodPlot({ points }: { points: WeeklyPoints }) {
  const dark = useDark();
  const options = useMemo((): Omit<uPlot.Options, "width" | "height"> => {
    const palette = paletteFor(dark);
    return {
      scales: { x: { time: false, range: [-0.5, points.x.length - 0.5] }, y: { range: [-0.25, 3.25] } },
      axes: axes(
        palette,
        { size: 78, splits: () => [0, 1, 2, 3], values: (_u, splits) => splits.map((v) => MOODS[v] ?? "") },
        weekAxis(points.x),
      ),
      series: [
        {},
        {
          label: "Mood",
          stroke: palette.line,
          width: 2,
          spanGaps: true,
          points: { show: true, size: 7, stroke: palette.line, fill: palette.line },
        },
      ],
      cursor: { drag: { x: false, y: false } },
    };
  }, [dark, points]);
  const data = useMemo((): uPlot.AlignedData => [points.x.map((_, i) => i), points.y], [points]);
  const describe = useCallback(
    (i: number) => {
      const value = points.y[i];
      const week = `Week of ${shortDate(dateOf(points.x[i]!))}`;
      return value === null || value === undefined ? `${week}: no check-ins` : `${week}: mostly ${MOODS[Math.round(value)]}`;
    },
    [points],
  );
  return <UPlotChart options={options} data={data} height={HEIGHT} describe={describe} />;
}

const bars = () => uPlot.paths.bars!({ size: [0.6, 48], align: 0 });

/** Journal entries per week, as bars. */
export function JournalPlot({ points }: { points: WeeklyPoints }) {
  const dark = useDark();
  const options = useMemo((): Omit<uPlot.Options, "width" | "height"> => {
    const palette = paletteFor(dark);
    const most = Math.max(3, ...points.y.map((v) => v ?? 0));
    return {
      scales: { x: { time: false, range: [-0.5, points.x.length - 0.5] }, y: { range: [0, most + 1] } },
      axes: axes(palette, { incrs: [1, 2, 5, 10, 20, 50] }, weekAxis(points.x)),
      series: [{}, { label: "Journal entries", fill: palette.bar, stroke: palette.bar, paths: bars(), points: { show: false } }],
      cursor: { drag: { x: false, y: false }, points: { show: false } },
    };
  }, [dark, points]);
  const data = useMemo((): uPlot.AlignedData => [points.x.map((_, i) => i), points.y], [points]);
  const describe = useCallback(
    (i: number) => `Week of ${shortDate(dateOf(points.x[i]!))}: ${points.y[i] ?? 0} journal entries`,
    [points],
  );
  return <UPlotChart options={options} data={data} height={HEIGHT} describe={describe} />;
}

/**
 * Focus areas per week, stacked. uPlot draws bars from zero, so each area is drawn as the running total up to it,
 * the tallest first, and each following one covers the part below it.
 */
export function FocusPlot({ points }: { points: FocusPoints }) {
  const dark = useDark();
  const palette = paletteFor(dark);
  const stacks = useMemo(() => {
    const running = points.x.map(() => 0);
    return points.series.map((s) => s.counts.map((count, w) => (running[w] = running[w]! + count)));
  }, [points]);
  const options = useMemo((): Omit<uPlot.Options, "width" | "height"> => {
    const colours = paletteFor(dark).focus;
    const most = Math.max(3, ...(stacks.at(-1) ?? []));
    const order = points.series.map((_, i) => points.series.length - 1 - i);
    return {
      scales: { x: { time: false, range: [-0.5, points.x.length - 0.5] }, y: { range: [0, most + 1] } },
      axes: axes(paletteFor(dark), { incrs: [1, 2, 5, 10, 20, 50] }, weekAxis(points.x)),
      series: [
        {},
        ...order.map((i) => ({
          label: points.series[i]!.label,
          fill: colours[i],
          stroke: colours[i],
          paths: bars(),
          points: { show: false },
        })),
      ],
      cursor: { drag: { x: false, y: false }, points: { show: false } },
    };
  }, [dark, points, stacks]);
  const data = useMemo(
    (): uPlot.AlignedData => [points.x.map((_, i) => i), ...points.series.map((_, k) => stacks[points.series.length - 1 - k]!)],
    [points, stacks],
  );
  const describe = useCallback(
    (i: number) => {
      const chosen = points.series.filter((s) => s.counts[i]! > 0).map((s) => `${s.label} ${s.counts[i]}`);
      return `Week of ${shortDate(dateOf(points.x[i]!))}: ${chosen.length ? chosen.join(", ") : "none chosen"}`;
    },
    [points],
  );
  return (
    <div className="space-y-2">
      <UPlotChart options={options} data={data} height={HEIGHT} describe={describe} />
      <ul aria-hidden="true" className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-700 dark:text-stone-300">
        {points.series.map((s, i) => (
          <li key={s.id} className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: palette.focus[i] }} />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

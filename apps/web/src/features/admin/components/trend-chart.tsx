import { useCallback, useMemo } from "react";
import type uPlot from "uplot";
import { CHART_FONT, paletteFor } from "@/components/charts/palette";
import { UPlotChart } from "@/components/charts/uplot-chart";
import { useDark } from "@/components/charts/use-dark";
import { Card } from "@/components/ui/card";

const DAY = 86_400;
const toSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * One admin number by day: its latest value large, a sentence saying what the chart shows (read by screen readers in
 * place of the canvas), and the uPlot line over the range.
 */
export function TrendCard(props: {
  title: string;
  days: string[];
  values: number[];
  /** How a value is written (money, a count). */
  format?: (value: number) => string;
  /** The big number; the last day's value when left out. */
  current?: number;
}) {
  const { title, days, values } = props;
  const format = useMemo(() => props.format ?? ((n: number) => n.toLocaleString()), [props.format]);
  const dark = useDark();
  const current = props.current ?? values[values.length - 1] ?? 0;
  const total = values.reduce((sum, n) => sum + n, 0);
  const high = Math.max(0, ...values);
  const summary = `${title}: ${format(current)} now. Over the last ${days.length} days, from ${format(values[0] ?? 0)} on ${shortDay(days[0] ?? "")} to ${format(values[values.length - 1] ?? 0)} today; highest ${format(high)}; ${format(total)} in all.`;

  const data = useMemo<uPlot.AlignedData>(() => [days.map(toSeconds), values], [days, values]);
  const options = useMemo<Omit<uPlot.Options, "width" | "height">>(() => {
    const palette = paletteFor(dark);
    const axis = {
      stroke: palette.axis,
      font: CHART_FONT,
      grid: { stroke: palette.grid, width: 1 },
      ticks: { stroke: palette.grid, width: 1 },
    };
    return {
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        {
          ...axis,
          incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY],
          values: (_u, splits) => splits.map((s) => shortDay(new Date(s * 1000).toISOString().slice(0, 10))),
        },
        { ...axis, size: 52, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? format(s) : "")) },
      ],
      series: [{}, { stroke: palette.line, width: 2, points: { show: days.length <= 31 } }],
      cursor: { y: false },
    };
  }, [dark, days.length, format]);
  const describe = useCallback(
    (i: number) => (days[i] === undefined ? null : `${shortDay(days[i]!)}: ${format(values[i] ?? 0)}`),
    [days, values, format],
  );

  return (
    <Card className="min-w-0 space-y-2">
      <h2 className="text-sm font-medium text-stone-700 dark:text-stone-300">{title}</h2>
      <p className="text-2xl font-semibold" data-testid={`metric-${title}`}>
        {format(current)}
      </p>
      <div role="img" aria-label={summary}>
        <UPlotChart options={options} data={data} height={140} describe={describe} />
      </div>
    </Card>
  );
}

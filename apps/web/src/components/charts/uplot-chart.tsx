import { useEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/**
 * One uPlot chart, as wide as its box: made when its options or data change, resized with its box, destroyed when it
 * goes. `describe` names the point under the pointer (shown above the chart; the summary and the table say the same
 * for everyone). The canvas is hidden from assistive technology: the chart card labels it and describes it.
 */
export function UPlotChart(props: {
  options: Omit<uPlot.Options, "width" | "height">;
  data: uPlot.AlignedData;
  height: number;
  describe?: (index: number) => string | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [readout, setReadout] = useState<string | null>(null);
  const { options, data, height, describe } = props;

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const plot = new uPlot(
      {
        ...options,
        width: Math.max(box.clientWidth, 200),
        height,
        legend: { show: false },
        hooks: {
          ...options.hooks,
          setCursor: [(u) => setReadout(u.cursor.idx == null ? null : (describe?.(u.cursor.idx) ?? null))],
        },
      },
      data,
      box,
    );
    const resize = new ResizeObserver(() => {
      const width = Math.max(box.clientWidth, 200);
      if (width !== plot.width) plot.setSize({ width, height });
    });
    resize.observe(box);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [options, data, height, describe]);

  return (
    <div aria-hidden="true">
      <p className="h-5 truncate text-xs text-stone-600 dark:text-stone-400">{readout ?? ""}</p>
      <div ref={ref} className="w-full" />
    </div>
  );
}

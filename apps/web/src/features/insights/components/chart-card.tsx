import { useId, useState, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { FilterChips } from "@/components/ui/filter-chips";
import type { ChartModel } from "../charts";
import { DataTable } from "./data-table";

type View = "chart" | "table";
const VIEWS = [
  { value: "chart", label: "Chart" },
  { value: "table", label: "Table" },
] as const;

/**
 * One chart with what it shows in words beside it (the chart is described by that sentence for screen readers) and a
 * Chart / Table toggle that shows the same numbers as a table.
 */
export function ChartCard(props: {
  title: string;
  /** What the chart shows in words, and the same numbers as a table. */
  chart: Pick<ChartModel<unknown>, "summary" | "table">;
  /** The chart; drawn only in the chart view. */
  children: ReactNode;
  /** An HTML chart (the calendar) is itself readable: it is not wrapped as an image. */
  readable?: boolean;
  className?: string;
  headingLevel?: 3 | 4;
  /**
   * A landmark (region) named by its title; an insight's charts as they were are groups instead, so the page's
   * landmarks keep unique names.
   */
  landmark?: boolean;
}) {
  const [view, setView] = useState<View>("chart");
  const id = useId();
  const Heading = props.headingLevel === 4 ? "h4" : "h3";
  const Box = props.landmark === false ? "div" : "section";
  return (
    <Card className={props.className}>
      <Box {...(props.landmark === false ? { role: "group" } : {})} aria-labelledby={`${id}-title`} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Heading id={`${id}-title`} className="font-semibold">
            {props.title}
          </Heading>
          <FilterChips label={`${props.title}: show as`} value={view} options={VIEWS} onChange={setView} />
        </div>
        <p id={`${id}-summary`} className="text-sm text-stone-700 dark:text-stone-300">
          {props.chart.summary}
        </p>
        {view === "table" ? (
          <DataTable table={props.chart.table} />
        ) : props.readable ? (
          props.children
        ) : (
          <div role="img" aria-label={`${props.title}, chart`} aria-describedby={`${id}-summary`}>
            {props.children}
          </div>
        )}
      </Box>
    </Card>
  );
}

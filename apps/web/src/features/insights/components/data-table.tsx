import type { ChartTable } from "../charts";

/** A chart's numbers as a table: its caption, a header row, a row per point; long tables scroll inside their box. */
export function DataTable({ table }: { table: ChartTable }) {
  if (table.rows.length === 0) return <p className="text-sm text-stone-600 dark:text-stone-400">No rows yet.</p>;
  return (
    <div
      className="max-h-80 overflow-auto rounded-lg border border-stone-200 dark:border-stone-800"
      tabIndex={0}
      role="region"
      aria-label={table.caption}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{table.caption}</caption>
        <thead className="sticky top-0 bg-stone-100 dark:bg-stone-800">
          <tr>
            {table.columns.map((column, i) => (
              <th key={i} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r} className="border-t border-stone-200 dark:border-stone-800">
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                    {cell}
                  </th>
                ) : (
                  <td key={c} className="px-3 py-1.5 tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { ReactNode } from "react";
import type { AdminPage } from "@shepherd/shared/admin";
import { Button } from "@/components/ui/button";

/**
 * An admin table: its rows in a horizontally scrollable box (a phone scrolls the table, never the page), "Page 2 of
 * 5" with Previous and Next, and a link that downloads every row as CSV.
 */
export function PagedTable<T>(props: {
  caption: string;
  page: AdminPage<T>;
  columns: ReadonlyArray<{ header: string; cell: (row: T) => ReactNode }>;
  rowKey: (row: T) => string;
  onPage: (page: number) => void;
  csvUrl: string;
  empty: string;
}) {
  const { page } = props;
  const pages = Math.max(1, Math.ceil(page.total / page.page_size));
  return (
    <div className="space-y-3">
      {page.items.length === 0 ? (
        <p className="text-sm text-stone-700 dark:text-stone-300">{props.empty}</p>
      ) : (
        // A scrolling region must be reachable by keyboard: it is focusable and named by its table's caption.
        <div
          className="overflow-x-auto rounded-xl border border-stone-200 dark:border-stone-800"
          tabIndex={0}
          role="region"
          aria-label={props.caption}
        >
          <table className="w-full min-w-max text-left text-sm">
            <caption className="sr-only">{props.caption}</caption>
            <thead className="bg-stone-50 dark:bg-stone-900">
              <tr>
                {props.columns.map((c) => (
                  <th key={c.header} scope="col" className="px-3 py-2 font-medium">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.items.map((row) => (
                <tr key={props.rowKey(row)} className="border-t border-stone-200 align-top dark:border-stone-800">
                  {props.columns.map((c) => (
                    <td key={c.header} className="px-3 py-2">
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          Page {page.page} of {pages} · {page.total.toLocaleString()} in all
        </span>
        <Button size="sm" variant="secondary" disabled={page.page <= 1} onClick={() => props.onPage(page.page - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="secondary" disabled={page.page >= pages} onClick={() => props.onPage(page.page + 1)}>
          Next
        </Button>
        <a href={props.csvUrl} download className="ml-auto underline underline-offset-2 hover:no-underline">
          Export CSV
        </a>
      </div>
    </div>
  );
}

/** A date and time as the admin's browser writes it. */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");
export const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "—");

import type { AdminServerProcess } from "@shepherd/shared/admin";
import { bytes } from "./bytes";
import { when } from "./paged-table";

const COLUMNS: ReadonlyArray<{ header: string; cell: (p: AdminServerProcess) => string | number }> = [
  { header: "Host", cell: (p) => p.host },
  { header: "PID", cell: (p) => p.pid },
  { header: "Role", cell: (p) => p.role },
  { header: "Version", cell: (p) => p.version },
  { header: "Started", cell: (p) => when(p.started_at) },
  { header: "Last seen", cell: (p) => when(p.last_seen_at) },
  { header: "Memory", cell: (p) => bytes(p.memory_bytes) },
  { header: "Connections", cell: (p) => p.connections.toLocaleString() },
];

/**
 * Admin Health's server processes (issue 40): every process heard from, whichever answered, from their heartbeats. As
 * every admin table, it scrolls in its own box on a phone (the page never does), and the keyboard reaches it.
 */
export function ServerProcesses({ processes }: { processes: readonly AdminServerProcess[] }) {
  if (processes.length === 0) {
    return <p className="text-sm text-stone-700 dark:text-stone-300">No server process has sent its heartbeat yet.</p>;
  }
  return (
    <div
      className="overflow-x-auto rounded-xl border border-stone-200 dark:border-stone-800"
      tabIndex={0}
      role="region"
      aria-label="Server processes"
    >
      <table className="w-full min-w-max text-left text-sm">
        <caption className="sr-only">Server processes</caption>
        <thead className="bg-stone-50 dark:bg-stone-900">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.header} scope="col" className="px-3 py-2 font-medium">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {processes.map((p) => (
            <tr key={p.id} className="border-t border-stone-200 align-top dark:border-stone-800">
              {COLUMNS.map((c, i) => (
                <td key={c.header} className="px-3 py-2">
                  {c.cell(p)}
                  {i === 0 && p.answering ? (
                    <span className="ml-1 text-stone-700 dark:text-stone-300">(answered this page)</span>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

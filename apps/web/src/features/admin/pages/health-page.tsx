import { useState } from "react";
import { SERVER_GONE_AFTER_BEATS, SERVER_HEARTBEAT_SECONDS, type AdminHealth } from "@shepherd/shared/admin";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Loading, QueryState } from "@/components/ui/query-state";
import { notify, showError } from "@/lib/toast";
import { errorsUrl, failedJobsUrl, useErrorGroups, useFailedJobs, useHealth } from "../api/get-health";
import { useRetryJob } from "../api/retry-job";
import { AuditList } from "../components/audit-list";
import { bytes } from "../components/bytes";
import { PagedTable, when } from "../components/paged-table";
import { ServerProcesses } from "../components/server-processes";

const duration = (seconds: number) => {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return [d ? `${d} d` : null, h ? `${h} h` : null, `${m} min`].filter(Boolean).join(" ");
};

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt className="text-sm text-stone-700 dark:text-stone-300">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}

function FailedJobs() {
  const [page, setPage] = useState(1);
  const jobs = useFailedJobs(page);
  const retry = useRetryJob();
  return (
    <QueryState
      query={jobs}
      loading={<Loading label="Loading failed jobs" />}
      error="The failed jobs could not be loaded."
      look="plain"
    >
      {(data) => (
        <PagedTable
          caption="Failed jobs"
          page={data}
          rowKey={(j) => j.id}
          onPage={setPage}
          csvUrl={failedJobsUrl(1, "csv")}
          empty="No job has failed."
          columns={[
            { header: "Queue", cell: (j) => j.queue },
            { header: "Created", cell: (j) => when(j.created_at) },
            { header: "Retries", cell: (j) => j.retry_count },
            { header: "Error", cell: (j) => <span className="break-words">{j.error ?? "—"}</span> },
            {
              header: "Action",
              cell: (j) => (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={retry.isPending}
                  aria-label={`Retry the ${j.queue} job of ${when(j.created_at)}`}
                  onClick={() => retry.mutate(j.id, { onSuccess: () => notify("Job put back in its queue"), onError: showError })}
                >
                  Retry
                </Button>
              ),
            },
          ]}
        />
      )}
    </QueryState>
  );
}

function ErrorReports() {
  const [page, setPage] = useState(1);
  const errors = useErrorGroups(page);
  return (
    <QueryState
      query={errors}
      loading={<Loading label="Loading error reports" />}
      error="The error reports could not be loaded."
      look="plain"
    >
      {(data) => (
        <PagedTable
          caption="Browser error reports"
          page={data}
          rowKey={(e) => `${e.message}\n${e.stack ?? ""}`}
          onPage={setPage}
          csvUrl={errorsUrl(1, "csv")}
          empty="No browser has reported an error."
          columns={[
            { header: "Count", cell: (e) => e.count },
            {
              header: "Error",
              cell: (e) => (
                <div className="max-w-[36rem] space-y-1">
                  <p className="font-medium break-words">{e.message}</p>
                  {e.stack ? (
                    <details>
                      <summary className="cursor-pointer">Stack</summary>
                      <pre className="overflow-x-auto text-xs whitespace-pre">{e.stack}</pre>
                    </details>
                  ) : null}
                </div>
              ),
            },
            { header: "Last seen", cell: (e) => when(e.last_seen) },
            { header: "First seen", cell: (e) => when(e.first_seen) },
            { header: "Page", cell: (e) => <span className="break-all">{e.url ?? "—"}</span> },
          ]}
        />
      )}
    </QueryState>
  );
}

/** The scheduled backups: off (and how to turn them on), or the last run's time and size, or why it failed. */
function BackupState({ backups }: { backups: AdminHealth["backups"] }) {
  if (!backups.scheduled) {
    return (
      <p className="text-sm">
        Scheduled backups are off. Set BACKUP_DIR (and BACKUP_KEEP, 7 by default) to write one every day; npm run backup -- FILE
        writes one now.
      </p>
    );
  }
  const { last } = backups;
  return (
    <dl className="grid grid-cols-2 gap-3">
      <Stat
        label="Last backup"
        value={
          !last
            ? "None yet (daily at 03:05 UTC)"
            : last.running
              ? `Writing now (started ${when(last.at)})`
              : last.error
                ? `Failed ${when(last.at)}`
                : `${when(last.at)}, ${bytes(last.bytes ?? 0)}`
        }
      />
      <Stat label="Kept" value={`The newest ${backups.keep} in ${backups.dir}`} />
      {last?.error ? <p className="col-span-2 text-sm text-red-800 dark:text-red-300">{last.error}</p> : null}
    </dl>
  );
}

/**
 * Admin Health: the server that answered and every server process, the database, the job queue (retry a failed job),
 * storage, providers, browser errors.
 */
export function HealthPanel() {
  const health = useHealth();
  return (
    <div className="space-y-4">
      <QueryState
        query={health}
        loading={
          <Loading label="Loading health">
            <Skeleton className="h-64 rounded-xl" />
          </Loading>
        }
        error="The server's health could not be loaded."
      >
        {(h) => (
          <>
            <div className="grid gap-4 lg:grid-cols-2">
              <Card className="space-y-2">
                <h2 className="font-semibold">This server process</h2>
                <dl className="grid grid-cols-2 gap-3">
                  <Stat label="Up for" value={duration(h.server.uptime_seconds)} />
                  <Stat label="Memory (RSS)" value={bytes(h.server.memory.rss)} />
                  <Stat label="Heap used" value={`${bytes(h.server.memory.heap_used)} of ${bytes(h.server.memory.heap_total)}`} />
                  <Stat label="Node.js" value={h.server.node} />
                </dl>
              </Card>
              <Card className="space-y-2">
                <h2 className="font-semibold">PostgreSQL</h2>
                <dl className="grid grid-cols-2 gap-3">
                  <Stat label="Version" value={h.database.version} />
                  <Stat label="Database size" value={bytes(h.database.size_bytes)} />
                  <Stat label="Connections" value={`${h.database.connections.total} of ${h.database.connections.max}`} />
                  <Stat label="Active queries" value={h.database.connections.active} />
                </dl>
              </Card>
              <Card className="space-y-2 lg:col-span-2">
                <h2 className="font-semibold">Stored files</h2>
                <p className="text-sm text-stone-700 dark:text-stone-300">
                  Avatars, pictures, audio and artwork, as the database knows them, in{" "}
                  <span className="break-all font-mono">{h.storage.where}</span>.
                </p>
                <dl className="grid grid-cols-2 gap-3">
                  <Stat label="Files" value={h.storage.files.toLocaleString()} />
                  <Stat label="Size" value={bytes(h.storage.bytes)} />
                </dl>
              </Card>
            </div>
            <Card className="space-y-2">
              <h2 className="font-semibold">Server processes</h2>
              <p className="text-sm text-stone-700 dark:text-stone-300">
                Every process on this database, from the heartbeat each sends every {SERVER_HEARTBEAT_SECONDS} seconds; one
                unheard for {SERVER_HEARTBEAT_SECONDS * SERVER_GONE_AFTER_BEATS} seconds is gone. Memory and connections are as of
                its last heartbeat.
              </p>
              <ServerProcesses processes={h.processes} />
            </Card>
            <Card className="space-y-2">
              <h2 className="font-semibold">Backups</h2>
              <BackupState backups={h.backups} />
            </Card>
            <Card className="space-y-2">
              <h2 className="font-semibold">Slowest statements</h2>
              {h.database.slowest_statements === null ? (
                <p className="text-sm">
                  pg_stat_statements is not installed in this database, so statement times are not recorded. Add it to
                  shared_preload_libraries and run CREATE EXTENSION pg_stat_statements to see them here.
                </p>
              ) : (
                <ol className="space-y-2 text-sm">
                  {h.database.slowest_statements.map((s, i) => (
                    <li key={i}>
                      <p>
                        {s.mean_ms.toFixed(1)} ms on average · {s.calls.toLocaleString()} calls
                      </p>
                      <pre className="overflow-x-auto text-xs whitespace-pre-wrap break-all">{s.query}</pre>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
            <Card className="space-y-2">
              <h2 className="font-semibold">Providers</h2>
              <ul className="space-y-1 text-sm">
                {h.providers.map((p) => (
                  <li key={p.kind}>
                    <span className="font-medium">{p.kind}</span>: {p.name}, {p.state}
                    {p.last_error
                      ? ` · last error ${when(p.last_error_at)}: ${p.last_error}`
                      : p.kind === "Mail"
                        ? " · no error kept"
                        : ""}
                  </li>
                ))}
              </ul>
              <p className="text-xs text-stone-700 dark:text-stone-300">Only mail keeps its errors; the others log them.</p>
            </Card>
            <Card className="space-y-3">
              <h2 className="font-semibold">Job queue</h2>
              <ul className="grid gap-2 text-sm sm:grid-cols-2">
                {h.jobs.map((q) => (
                  <li key={q.queue}>
                    <span className="font-medium">{q.queue}</span>: {q.queued} queued, {q.active} active, {q.failed} failed
                  </li>
                ))}
              </ul>
              <h3 className="font-medium">Failed jobs</h3>
              <FailedJobs />
              <h3 className="font-medium">Retries</h3>
              <AuditList entries={h.job_audit} empty="No admin has retried a job." />
            </Card>
          </>
        )}
      </QueryState>
      <Card className="space-y-2">
        <h2 className="font-semibold">Browser error reports</h2>
        <ErrorReports />
      </Card>
    </div>
  );
}

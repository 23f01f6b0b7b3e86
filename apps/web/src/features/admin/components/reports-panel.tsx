import { useState } from "react";
import type { ContentReport } from "@shepherd/shared/community";
import { relativeTimeAgo } from "@shepherd/shared/time";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { notify, showError } from "@/lib/toast";
import { cn } from "@/lib/cn";
import { Input } from "@/components/ui/input";
import { useReports, type ReportStatus } from "../api/get-reports";
import { useReportAction, type ReportAction } from "../api/report-actions";
import { useResolveReport } from "../api/resolve-report";

const TARGET_LABEL: Record<ContentReport["target_type"], string> = {
  post: "Pasture post",
  comment: "Pasture comment",
  reflection: "Flock reflection",
  reflection_comment: "Reflection comment",
  plan_day_comment: "Plan day comment",
  series_session_comment: "Series session comment",
};

function who(person: ContentReport["author"]): string {
  if (!person) return "a former member";
  return person.username ? `@${person.username}` : (person.display_name ?? "a member");
}

const ACTION_DONE: Record<ReportAction, string> = {
  hide: "Hidden: only its author and admins see it now",
  restore: "Restored: everyone sees it again",
  "ban-author": "Author banned: his sessions have ended",
};

/** Hide / restore what was reported, and ban its author (with an optional reason), on open and resolved reports alike. */
function ModerationActions({ report }: { report: ContentReport }) {
  const action = useReportAction();
  const [banning, setBanning] = useState(false);
  const [reason, setReason] = useState("");
  const run = (kind: ReportAction, why?: string) =>
    action.mutate(
      { id: report.id, action: kind, reason: why },
      {
        onSuccess: () => {
          notify(ACTION_DONE[kind]);
          setBanning(false);
        },
        onError: showError,
      },
    );
  const reasonId = `ban-reason-${report.id}`;
  return (
    <div className="mt-3 space-y-2">
      <div className="flex flex-wrap gap-2">
        {report.hidden === false ? (
          <Button size="sm" variant="secondary" disabled={action.isPending} onClick={() => run("hide")}>
            Hide
          </Button>
        ) : null}
        {report.hidden === true ? (
          <Button size="sm" variant="secondary" disabled={action.isPending} onClick={() => run("restore")}>
            Restore
          </Button>
        ) : null}
        {report.author && !report.author_banned ? (
          <Button size="sm" variant="secondary" aria-expanded={banning} onClick={() => setBanning((b) => !b)}>
            Ban author…
          </Button>
        ) : null}
      </div>
      {report.hidden === true ? <p className="text-sm">Hidden: only its author and admins see it.</p> : null}
      {report.hidden === null ? <p className="text-sm">It is gone (removed, or deleted by its author).</p> : null}
      {report.author_banned ? <p className="text-sm">Its author is banned.</p> : null}
      {banning && !report.author_banned ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            run("ban-author", reason.trim() || undefined);
          }}
        >
          <label htmlFor={reasonId} className="block text-sm font-medium">
            Reason (optional; the report's reason when left empty)
          </label>
          <Input id={reasonId} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          <Button type="submit" size="sm" variant="danger" disabled={action.isPending}>
            Ban {who(report.author)}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function ReportCard({ report }: { report: ContentReport }) {
  const resolve = useResolveReport();
  const act = (action: "dismiss" | "remove") =>
    resolve.mutate(
      { id: report.id, action },
      {
        onSuccess: (result) => notify(result.removed ? "Content removed" : "Report dismissed"),
        onError: showError,
      },
    );
  return (
    <li className="rounded-xl border border-stone-200 p-4 dark:border-stone-800">
      <p className="text-xs font-medium tracking-wide text-stone-600 uppercase dark:text-stone-400">
        {TARGET_LABEL[report.target_type]} by {who(report.author)} · reported by {who(report.reporter)} ·{" "}
        {relativeTimeAgo(report.created_at)}
      </p>
      <blockquote className="mt-2 border-l-4 border-stone-300 pl-3 whitespace-pre-wrap text-stone-800 dark:border-stone-600 dark:text-stone-200">
        {report.excerpt}
      </blockquote>
      <p className="mt-2 text-sm">
        <span className="font-medium">Reason:</span> {report.reason}
      </p>
      {report.status === "open" ? (
        <div className="mt-3 flex gap-2">
          <Button size="sm" variant="secondary" disabled={resolve.isPending} onClick={() => act("dismiss")}>
            Dismiss
          </Button>
          <Button size="sm" variant="danger" disabled={resolve.isPending} onClick={() => act("remove")}>
            Remove content
          </Button>
        </div>
      ) : null}
      <ModerationActions report={report} />
    </li>
  );
}

/** Admin Reports: what members reported in The Pasture and in flocks, to dismiss, remove, hide or restore; ban the author. */
export function ReportsPanel() {
  const [status, setStatus] = useState<ReportStatus>("open");
  const reports = useReports(status);
  return (
    <div className="mt-4">
      <div role="tablist" aria-label="Report status" className="mb-4 flex gap-2">
        {(["open", "resolved"] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={status === s}
            onClick={() => setStatus(s)}
            className={cn(
              "rounded-lg px-3 py-1.5 text-sm capitalize",
              status === s ? "bg-pasture-700 text-white" : "bg-stone-100 dark:bg-stone-800",
            )}
          >
            {s}
          </button>
        ))}
      </div>
      <QueryState
        query={reports}
        look="plain"
        loading={<p className="text-sm text-stone-600 dark:text-stone-400">Loading reports...</p>}
        error={`Reports could not be loaded. ${reports.error?.message}`}
        retry={false}
        isEmpty={(data) => data.length === 0}
        empty={status === "open" ? "Nothing to review. The flock is at peace." : "No resolved reports yet."}
      >
        {(data) => (
          <ul className="space-y-3">
            {data.map((r) => (
              <ReportCard key={r.id} report={r} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { SUPPORT_BODY_MAX, SUPPORT_STATUSES, type SupportStatus } from "@shepherd/shared/support";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FilterChips } from "@/components/ui/filter-chips";
import { Textarea } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Loading, QueryState } from "@/components/ui/query-state";
import { notify, notifyError, showError } from "@/lib/toast";
import { supportInboxUrl, useSupportInbox, useSupportThread } from "../api/get-support";
import { useReplyToSupport, useSetSupportStatus } from "../api/support-actions";
import { AuditList } from "../components/audit-list";
import { PagedTable, when } from "../components/paged-table";

type Filter = SupportStatus | "all";

const STATUS_LABEL: Record<SupportStatus, string> = {
  open: "Open",
  waiting: "Waiting for the member",
  closed: "Closed",
};

function Thread({ id, onClose }: { id: string; onClose: () => void }) {
  const thread = useSupportThread(id);
  const reply = useReplyToSupport();
  const status = useSetSupportStatus();
  const [body, setBody] = useState("");
  const [closeAfter, setCloseAfter] = useState(false);
  return (
    <Card className="space-y-4">
      <QueryState
        query={thread}
        look="plain"
        loading={<Loading label="Loading the request" />}
        error="The request could not be loaded."
      >
        {(data) => (
          <>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h2 className="font-semibold">{data.request.subject}</h2>
                <p className="text-sm text-stone-700 dark:text-stone-300">
                  From <Link to={`/admin/users/${data.request.user_id}`}>{data.request.name}</Link> ({data.request.email}) ·{" "}
                  <span data-testid="support-status">{STATUS_LABEL[data.request.status]}</span>
                </p>
              </div>
              <Button size="sm" variant="secondary" onClick={onClose}>
                Back to the inbox
              </Button>
            </div>
            <ol className="space-y-3" aria-label="Messages">
              {data.messages.map((m) => (
                <li
                  key={m.id}
                  className={
                    m.from_admin
                      ? "rounded-lg bg-stone-100 p-3 dark:bg-stone-800"
                      : "rounded-lg border border-stone-200 p-3 dark:border-stone-700"
                  }
                >
                  <p className="text-xs font-medium text-stone-700 dark:text-stone-300">
                    {m.from_admin ? `Reply by ${m.admin_email ?? "an admin"}` : data.request.name} · {when(m.created_at)}
                  </p>
                  <p className="mt-1 text-sm whitespace-pre-wrap">{m.body}</p>
                  {m.mail_error ? (
                    <p className="mt-1 text-xs text-red-700 dark:text-red-400">The mail could not be sent: {m.mail_error}</p>
                  ) : null}
                </li>
              ))}
            </ol>
            <form
              className="space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (!body.trim()) return;
                reply.mutate(
                  { id, body, status: closeAfter ? "closed" : "waiting" },
                  {
                    onSuccess: (result) => {
                      setBody("");
                      setCloseAfter(false);
                      if (result.mailed) notify("Reply sent", "It is in the thread and on its way by email.");
                      else notifyError("Reply kept, but not mailed", result.mail_error ?? undefined);
                    },
                    onError: showError,
                  },
                );
              }}
            >
              <Field label="Your reply">
                {({ id: fieldId }) => (
                  <Textarea
                    id={fieldId}
                    rows={4}
                    value={body}
                    maxLength={SUPPORT_BODY_MAX}
                    onChange={(e) => setBody(e.target.value)}
                  />
                )}
              </Field>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={closeAfter} onChange={(e) => setCloseAfter(e.target.checked)} />
                Close the request with this reply
              </label>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={reply.isPending || !body.trim()}>
                  Send reply
                </Button>
                {SUPPORT_STATUSES.filter((s) => s !== data.request.status).map((s) => (
                  <Button
                    key={s}
                    type="button"
                    variant="secondary"
                    disabled={status.isPending}
                    onClick={() => status.mutate({ id, status: s }, { onError: showError })}
                  >
                    {s === "closed" ? "Close" : s === "open" ? "Reopen" : "Mark waiting"}
                  </Button>
                ))}
              </div>
            </form>
            <div className="space-y-2">
              <h3 className="font-medium">What admins did</h3>
              <AuditList entries={data.audit} empty="No replies or status changes yet." />
            </div>
          </>
        )}
      </QueryState>
    </Card>
  );
}

/** Admin Support: members' requests by status, a request's thread, replies (mailed) and status changes. */
export function SupportPanel() {
  const [params, setParams] = useSearchParams();
  const open = params.get("request");
  const [status, setStatus] = useState<Filter>("open");
  const [page, setPage] = useState(1);
  const inbox = useSupportInbox(status, page);
  if (open) return <Thread id={open} onClose={() => setParams({})} />;
  const counts = inbox.data?.counts;
  const label = (s: Filter) => (s === "all" ? "All" : `${STATUS_LABEL[s]}${counts ? ` (${counts[s]})` : ""}`);
  return (
    <div className="space-y-4">
      <FilterChips<Filter>
        label="Show"
        value={status}
        options={(["open", "waiting", "closed", "all"] as const).map((value) => ({ value, label: label(value) }))}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
      />
      <QueryState
        query={inbox}
        loading={
          <Loading label="Loading support requests">
            <Skeleton className="h-48 rounded-xl" />
          </Loading>
        }
        error="The support requests could not be loaded."
      >
        {(data) => (
          <PagedTable
            caption="Support requests"
            page={data}
            rowKey={(r) => r.id}
            onPage={setPage}
            csvUrl={supportInboxUrl(status, 1, "csv")}
            empty="No requests here."
            columns={[
              {
                header: "Subject",
                cell: (r) => (
                  <Link to={`?request=${r.id}`} className="font-medium underline underline-offset-2 hover:no-underline">
                    {r.subject}
                  </Link>
                ),
              },
              { header: "Member", cell: (r) => `${r.name} (${r.email})` },
              { header: "Status", cell: (r) => STATUS_LABEL[r.status] },
              { header: "Messages", cell: (r) => r.messages },
              { header: "Last message", cell: (r) => when(r.last_message_at) },
            ]}
          />
        )}
      </QueryState>
    </div>
  );
}

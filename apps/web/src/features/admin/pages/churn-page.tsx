import { useState } from "react";
import { Link } from "react-router";
import { CHURN_WINDOWS, type AdminChurn, type ChurnWindow } from "@shepherd/shared/admin";
import { addDays } from "@shepherd/shared/dates";
import { Card } from "@/components/ui/card";
import { FilterChips } from "@/components/ui/filter-chips";
import { Skeleton } from "@/components/ui/skeleton";
import { Loading, QueryState } from "@/components/ui/query-state";
import { cancellationsUrl, inactiveUrl, useCancellations, useChurn, useInactiveMembers } from "../api/get-churn";
import { day, PagedTable, when } from "../components/paged-table";
import { RetentionChart, retentionPercent, weekLabel } from "../components/retention-chart";

function InactiveMembers() {
  const [days, setDays] = useState<ChurnWindow>(7);
  const [page, setPage] = useState(1);
  const list = useInactiveMembers(days, page);
  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">Members who stopped coming</h2>
      <FilterChips
        label="No activity in"
        value={String(days)}
        options={CHURN_WINDOWS.map((d) => ({ value: String(d), label: `${d} days` }))}
        onChange={(v) => {
          setDays(Number(v) as ChurnWindow);
          setPage(1);
        }}
      />
      <QueryState
        query={list}
        look="plain"
        loading={<Loading label="Loading members" />}
        error="The members could not be loaded."
      >
        {(data) => (
          <PagedTable
            caption={`Members with no activity in ${days} days`}
            page={data}
            rowKey={(r) => r.user_id}
            onPage={setPage}
            csvUrl={inactiveUrl(days, 1, "csv")}
            empty="Everyone who joined that long ago has been back since."
            columns={[
              {
                header: "Member",
                cell: (r) => (
                  <Link to={`/admin/users/${r.user_id}`} className="underline underline-offset-2 hover:no-underline">
                    {r.name}
                  </Link>
                ),
              },
              { header: "Email", cell: (r) => r.email },
              { header: "Joined", cell: (r) => day(r.joined) },
              { header: "Last active", cell: (r) => (r.last_active_at ? when(r.last_active_at) : "Never") },
            ]}
          />
        )}
      </QueryState>
    </Card>
  );
}

function Cancellations() {
  const [page, setPage] = useState(1);
  const list = useCancellations(page);
  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">Cancellations and their reasons</h2>
      <QueryState
        query={list}
        look="plain"
        loading={<Loading label="Loading cancellations" />}
        error="The cancellations could not be loaded."
      >
        {(data) => (
          <PagedTable
            caption="Premium cancellations"
            page={data}
            rowKey={(r) => r.id}
            onPage={setPage}
            csvUrl={cancellationsUrl(1, "csv")}
            empty="No one has cancelled Premium."
            columns={[
              { header: "Member", cell: (r) => `${r.name} (${r.email})` },
              { header: "Plan", cell: (r) => r.plan_type.replace("premium_", "") },
              { header: "Reason", cell: (r) => <span className="whitespace-pre-wrap">{r.reason ?? "—"}</span> },
              { header: "Billing", cell: (r) => r.provider },
              { header: "Cancelled", cell: (r) => when(r.created_at) },
            ]}
          />
        )}
      </QueryState>
    </Card>
  );
}

function Cohorts({ cohorts }: { cohorts: AdminChurn["cohorts"] }) {
  const weeks = cohorts[0]?.retained.length ?? 0;
  return (
    <Card className="min-w-0 space-y-3">
      <h2 className="font-semibold">Weekly retention</h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Members by the week they signed up (Sunday to Saturday, UTC), and the share of them active in each week since (week 0 is
        their first).
      </p>
      <RetentionChart cohorts={cohorts} />
      <div
        className="overflow-x-auto rounded-xl border border-stone-200 dark:border-stone-800"
        tabIndex={0}
        role="region"
        aria-label="Retention cohorts"
      >
        <table className="w-full min-w-max text-left text-sm">
          <caption className="sr-only">Retention cohorts</caption>
          <thead className="bg-stone-50 dark:bg-stone-900">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Sign-up week
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Members
              </th>
              {Array.from({ length: weeks }, (_, k) => (
                <th key={k} scope="col" className="px-3 py-2 font-medium">
                  Week {k}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cohorts.map((c) => (
              <tr key={c.week} className="border-t border-stone-200 dark:border-stone-800">
                <th scope="row" className="px-3 py-2 font-normal">
                  {weekLabel(c.week)} – {weekLabel(addDays(c.week, 6))}
                </th>
                <td className="px-3 py-2" data-testid={`cohort-${c.week}`}>
                  {c.members}
                </td>
                {c.retained.map((n, k) => {
                  const percent = retentionPercent(c, k);
                  return (
                    <td key={k} className="px-3 py-2 tabular-nums">
                      {n === null ? "" : `${n}${percent === null ? "" : ` (${percent}%)`}`}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Admin Churn: who stopped coming (7 / 14 / 30 days), cancellations and their reasons, weekly retention cohorts. */
export function ChurnPanel() {
  const churn = useChurn();
  return (
    <div className="space-y-4">
      <QueryState
        query={churn}
        loading={
          <Loading label="Loading churn">
            <Skeleton className="h-48 rounded-xl" />
          </Loading>
        }
        error="Churn could not be loaded."
      >
        {(data) => (
          <>
            <Card>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {[
                  ...CHURN_WINDOWS.map((d) => [`No activity in ${d} days`, data.inactive[d]] as const),
                  ["Members", data.members] as const,
                  ["Cancellations, last 30 days", data.cancellations.last_30_days] as const,
                  ["…with a reason", data.cancellations.with_reason] as const,
                ].map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-sm text-stone-700 dark:text-stone-300">{label}</dt>
                    <dd className="text-lg font-semibold" data-testid={`churn-${label}`}>
                      {value.toLocaleString()}
                    </dd>
                  </div>
                ))}
              </dl>
            </Card>
            <Cohorts cohorts={data.cohorts} />
          </>
        )}
      </QueryState>
      <InactiveMembers />
      <Cancellations />
    </div>
  );
}

import { useState } from "react";
import { SUBSCRIPTION_FILTERS, type AdminRange, type SubscriptionFilter } from "@shepherd/shared/admin";
import { formatPrice } from "@shepherd/shared/plans";
import { Card } from "@/components/ui/card";
import { FilterChips } from "@/components/ui/filter-chips";
import { Skeleton } from "@/components/ui/skeleton";
import { Loading, QueryState } from "@/components/ui/query-state";
import {
  billingEventsUrl,
  subscriptionListUrl,
  useBillingEvents,
  useSubscriptionList,
  useSubscriptionsOverview,
} from "../api/get-subscriptions";
import { day, PagedTable, when } from "../components/paged-table";
import { RangePicker } from "../components/range-picker";
import { TrendCard } from "../components/trend-chart";

const FILTER_LABEL: Record<SubscriptionFilter, string> = {
  all: "All",
  trialing: "Trials",
  active: "Active",
  past_due: "Payment failed",
  canceling: "Cancelling",
  canceled: "Cancelled",
};
const FILTERS = SUBSCRIPTION_FILTERS.map((value) => ({ value, label: FILTER_LABEL[value] }));

function SubscriptionList() {
  const [status, setStatus] = useState<SubscriptionFilter>("all");
  const [page, setPage] = useState(1);
  const list = useSubscriptionList(status, page);
  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">Subscriptions</h2>
      <FilterChips
        label="Show"
        value={status}
        options={FILTERS}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
      />
      <QueryState
        query={list}
        loading={<Loading label="Loading subscriptions" />}
        error="The subscriptions could not be loaded."
        look="plain"
      >
        {(data) => (
          <PagedTable
            caption={`Subscriptions: ${FILTER_LABEL[status]}`}
            page={data}
            rowKey={(r) => r.user_id}
            onPage={setPage}
            csvUrl={subscriptionListUrl(status, 1, "csv")}
            empty="No subscriptions here."
            columns={[
              { header: "Member", cell: (r) => `${r.name} (${r.email})` },
              { header: "Plan", cell: (r) => r.plan_type.replace("premium_", "") },
              {
                header: "Status",
                cell: (r) => (r.cancel_at_period_end && r.status !== "canceled" ? `${r.status}, cancelling` : r.status),
              },
              { header: "Trial ends", cell: (r) => day(r.trial_end) },
              { header: "Period ends", cell: (r) => day(r.current_period_end) },
              { header: "Billing", cell: (r) => r.provider },
              { header: "Changed", cell: (r) => when(r.updated_at) },
            ]}
          />
        )}
      </QueryState>
    </Card>
  );
}

function BillingEvents() {
  const [page, setPage] = useState(1);
  const events = useBillingEvents(page);
  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">Billing events</h2>
      <p className="text-sm">Stripe's webhook events as they were received (none with the local test billing).</p>
      <QueryState
        query={events}
        loading={<Loading label="Loading billing events" />}
        error="The billing events could not be loaded."
        look="plain"
      >
        {(data) => (
          <PagedTable
            caption="Billing events"
            page={data}
            rowKey={(e) => e.id}
            onPage={setPage}
            csvUrl={billingEventsUrl(1, "csv")}
            empty="No billing events yet."
            columns={[
              { header: "Type", cell: (e) => e.type },
              { header: "Received", cell: (e) => when(e.received_at) },
              { header: "Event id", cell: (e) => <span className="break-all">{e.id}</span> },
            ]}
          />
        )}
      </QueryState>
    </Card>
  );
}

/** Admin Subscriptions: Premium members, trials, cancellations, payment failures, MRR and its trend, billing events. */
export function SubscriptionsPanel() {
  const [range, setRange] = useState<AdminRange>(30);
  const overview = useSubscriptionsOverview(range);
  return (
    <div className="space-y-4">
      <QueryState
        query={overview}
        loading={
          <Loading label="Loading subscriptions">
            <Skeleton className="h-48 rounded-xl" />
          </Loading>
        }
        error="The subscriptions could not be loaded."
      >
        {(data) => (
          <>
            <Card>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {[
                  ["Premium members", data.now.premium],
                  ["In a trial", data.now.trials],
                  ["Paying", data.now.paying],
                  ["Cancelling at period end", data.now.canceling],
                  ["Cancelled", data.now.canceled],
                  ["Payment failed", data.now.payment_failures],
                  ["Monthly recurring revenue", formatPrice(data.now.mrr_cents)],
                ].map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-sm text-stone-700 dark:text-stone-300">{label}</dt>
                    <dd className="text-lg font-semibold" data-testid={`sub-${label}`}>
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
            </Card>
            <RangePicker value={range} onChange={setRange} />
            <TrendCard title="Monthly recurring revenue" days={data.days} values={data.mrr_cents} format={formatPrice} />
            <p className="text-xs text-stone-700 dark:text-stone-300">
              Past days are worked out from each subscription's start and its last change (no history is kept): a plan's price a
              month, an annual plan's over twelve; trials count nothing.
            </p>
          </>
        )}
      </QueryState>
      <SubscriptionList />
      <BillingEvents />
    </div>
  );
}

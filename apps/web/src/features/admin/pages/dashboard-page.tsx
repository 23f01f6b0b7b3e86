import { useState } from "react";
import type { AdminRange, DashboardMetric } from "@shepherd/shared/admin";
import { Skeleton } from "@/components/ui/skeleton";
import { Loading, QueryState } from "@/components/ui/query-state";
import { useDashboard } from "../api/get-dashboard";
import { RangePicker } from "../components/range-picker";
import { TrendCard } from "../components/trend-chart";

const METRICS: ReadonlyArray<{ key: DashboardMetric; title: string }> = [
  { key: "members", title: "Members" },
  { key: "daily_active", title: "Daily active members" },
  { key: "weekly_active", title: "Weekly active members" },
  { key: "monthly_active", title: "Monthly active members" },
  { key: "signups", title: "Sign-ups" },
  { key: "devotionals_completed", title: "Devotionals completed" },
  { key: "check_ins", title: "Check-ins" },
  { key: "journal_entries", title: "Journal entries" },
  { key: "posts", title: "Posts" },
  { key: "premium", title: "Premium members" },
  { key: "trials", title: "Trials" },
];

/** Admin Dashboard: each number by day over 7, 30 or 90 days (UTC days; active members from activity events). */
export function DashboardPanel() {
  const [range, setRange] = useState<AdminRange>(30);
  const dashboard = useDashboard(range);
  return (
    <div className="space-y-4">
      <RangePicker value={range} onChange={setRange} />
      <QueryState
        query={dashboard}
        loading={
          <Loading label="Loading the dashboard" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-56 rounded-2xl" />
            ))}
          </Loading>
        }
        error="The dashboard could not be loaded."
      >
        {(data) => (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {METRICS.map((m) => (
              <TrendCard
                key={m.key}
                title={m.title}
                days={data.days}
                values={data.series[m.key]}
                current={
                  m.key === "members"
                    ? data.now.members
                    : m.key === "premium"
                      ? data.now.premium
                      : m.key === "trials"
                        ? data.now.trials
                        : undefined
                }
              />
            ))}
          </div>
        )}
      </QueryState>
    </div>
  );
}

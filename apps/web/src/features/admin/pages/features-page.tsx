import { useState, type ReactNode } from "react";
import type { AdminRange } from "@shepherd/shared/admin";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Loading, QueryState } from "@/components/ui/query-state";
import { featuresUrl, useFeatures } from "../api/get-features";
import { RangePicker } from "../components/range-picker";
import { TrendCard } from "../components/trend-chart";

/** The parts of Shepherd by the first segment of their address. */
const FEATURE_LABEL: Record<string, string> = {
  today: "Today",
  path: "The Path",
  word: "The Word",
  pasture: "The Pasture",
  flock: "My Flock",
  journal: "Journal",
  insights: "Insights",
  whispers: "Whispers",
  settings: "Settings",
  profile: "Profiles",
  subscription: "Premium",
  onboarding: "Onboarding",
  notifications: "Notifications",
  admin: "Admin",
};

const ACTION_LABEL: Record<string, string> = {
  devotional_complete: "Devotional completed",
  check_in: "Check-in saved",
  journal_save: "Journal entry saved",
  post_create: "Pasture post",
  listen: "Listened to a devotional",
};

/** A small table of counts (these tables hold a few rows each; the CSV has them all). */
function CountTable(props: {
  caption: string;
  headers: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
  empty: string;
}) {
  return (
    <Card className="min-w-0 space-y-2">
      <h2 className="font-semibold">{props.caption}</h2>
      {props.rows.length === 0 ? (
        <p className="text-sm text-stone-700 dark:text-stone-300">{props.empty}</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={props.caption}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{props.caption}</caption>
            <thead>
              <tr>
                {props.headers.map((h) => (
                  <th key={h} scope="col" className="py-1 pr-3 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.rows.map((r) => (
                <tr key={r.key} className="border-t border-stone-200 dark:border-stone-800">
                  {r.cells.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="py-1 pr-3 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="py-1 pr-3 tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

const minutes = (n: number) => `${n.toLocaleString()} min`;

/** Admin Features: page views and actions per part of Shepherd, AI tokens and audio minutes by day, cap hits. */
export function FeaturesPanel() {
  const [range, setRange] = useState<AdminRange>(30);
  const use = useFeatures(range);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RangePicker value={range} onChange={setRange} />
        <a href={featuresUrl(range, "csv")} download className="text-sm underline underline-offset-2 hover:no-underline">
          Export CSV
        </a>
      </div>
      <QueryState
        query={use}
        loading={
          <Loading label="Loading feature use">
            <Skeleton className="h-64 rounded-xl" />
          </Loading>
        }
        error="Feature use could not be loaded."
      >
        {(data) => (
          <>
            <div className="grid gap-4 lg:grid-cols-2">
              <CountTable
                caption="Page views by part of Shepherd"
                headers={["Part", "Views", "Members"]}
                empty="No page views in this range."
                rows={data.page_views.map((r) => ({
                  key: r.feature,
                  cells: [FEATURE_LABEL[r.feature] ?? `/${r.feature}`, r.views.toLocaleString(), r.members.toLocaleString()],
                }))}
              />
              <CountTable
                caption="Actions"
                headers={["Action", "Times", "Members"]}
                empty="No named actions in this range."
                rows={data.actions.map((r) => ({
                  key: r.action,
                  cells: [ACTION_LABEL[r.action] ?? r.action, r.count.toLocaleString(), r.members.toLocaleString()],
                }))}
              />
              <CountTable
                caption="Cap hits by feature"
                headers={["Feature", "Monthly cap reached", "Premium only", "Members"]}
                empty="No one was refused a feature in this range."
                rows={data.cap_hits.map((r) => ({
                  key: r.feature,
                  cells: [r.feature.replace(/_/g, " "), r.limit_reached, r.premium_only, r.members],
                }))}
              />
              <CountTable
                caption="AI calls by feature"
                headers={["Feature", "Calls", "Tokens"]}
                empty="No AI use in this range."
                rows={data.ai.by_feature.map((r) => ({
                  key: r.feature,
                  cells: [r.feature.replace(/_/g, " "), r.calls.toLocaleString(), r.tokens.toLocaleString()],
                }))}
              />
            </div>
            <div className="grid gap-4 lg:grid-cols-2">
              <TrendCard
                title="AI tokens per day"
                days={data.days}
                values={data.ai.tokens_by_day}
                current={data.ai.tokens_by_day.reduce((a, b) => a + b, 0)}
              />
              <TrendCard
                title="Audio minutes per day"
                days={data.days}
                values={data.ai.audio_minutes_by_day}
                format={minutes}
                current={Math.round(data.ai.audio_minutes_by_day.reduce((a, b) => a + b, 0) * 10) / 10}
              />
            </div>
            <p className="text-xs text-stone-700 dark:text-stone-300">
              Page views and actions come from what the app records as members use it; the big numbers on the two charts are
              totals over the range. Tokens are those the AI provider reported (the offline composer spends none); audio minutes
              are the length of the speech made (estimated at 150 words a minute when the speech service does not say).
            </p>
          </>
        )}
      </QueryState>
    </div>
  );
}

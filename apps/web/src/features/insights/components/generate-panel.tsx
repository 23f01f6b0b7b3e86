import { useState } from "react";
import { Link } from "react-router";
import { INSIGHT_PERIODS, type GeneratedInsight, type InsightPeriodId } from "@shepherd/shared/insights";
import { usageWarningMessage } from "@shepherd/shared/usage";
import { UsageWarning } from "@/components/premium/usage-warning";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ApiError } from "@/lib/api";
import { useUsage } from "@/lib/subscription";
import { notify, notifyCappedError } from "@/lib/toast";
import { useGenerateInsight } from "../api/generate-insight";
import { InsightView, periodText } from "./insight-view";

const BUTTONS: Record<InsightPeriodId, string> = { week: "Reflect on my week", month: "Reflect on my month" };

/** Spec sections 8 and 9: at the month's cap, "Usage Limit Reached", the cap's sentence and the way to Premium. */
function LimitReached({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-xl border border-amber-500 bg-amber-50 px-4 py-3 text-amber-950 dark:bg-stone-800 dark:text-amber-100"
    >
      <p className="font-semibold">Usage Limit Reached</p>
      <p className="text-sm">{message}</p>
      <Link
        to="/subscription"
        className="inline-flex h-9 items-center rounded-lg bg-pasture-700 px-3 text-sm font-medium text-white hover:bg-pasture-800"
      >
        Upgrade to Premium
      </Link>
    </div>
  );
}

/** Generate insight: a reflection on his last week or month, counted against the month's insights (free: 1). */
export function GeneratePanel() {
  const usage = useUsage();
  const generate = useGenerateInsight();
  const [written, setWritten] = useState<GeneratedInsight | null>(null);
  const insightUsage = usage.data?.features.find((f) => f.feature === "insight");
  const refused = generate.error instanceof ApiError && generate.error.code === "LIMIT_REACHED" ? generate.error.message : null;
  const limit = insightUsage?.limit;
  // A refusal stands until the usage says otherwise (Premium since: no limit).
  const limitMessage =
    limit === null
      ? null
      : (refused ?? (limit !== undefined && insightUsage!.used >= limit ? usageWarningMessage("insight", limit) : null));

  const write = (period: InsightPeriodId) =>
    generate.mutate(period, {
      onSuccess: (answer) => {
        setWritten(answer);
        notify("Your insight is ready", answer.insight.headline);
      },
      onError: (error) => notifyCappedError("Your insight could not be written", error),
    });

  return (
    <Card className="space-y-4">
      <section aria-labelledby="reflect-heading" className="space-y-4">
        <div className="space-y-1">
          <h2 id="reflect-heading" className="font-serif text-xl font-semibold">
            Reflect on your walk
          </h2>
          <p className="text-stone-700 dark:text-stone-300">
            A short reflection on your last week or month: what rose, what fell, what your journal keeps returning to, and a
            passage for the road.
          </p>
          {insightUsage ? (
            <p className="text-sm text-stone-600 dark:text-stone-400">
              {insightUsage.limit === null
                ? "Premium: as many as you like."
                : `Free plan: ${insightUsage.limit} insight a month; ${insightUsage.used} used this month.`}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {INSIGHT_PERIODS.map((p) => (
            <Button
              key={p.id}
              variant={p.id === "week" ? "primary" : "secondary"}
              onClick={() => write(p.id)}
              disabled={generate.isPending || Boolean(limitMessage)}
            >
              {generate.isPending && generate.variables === p.id ? "Writing..." : BUTTONS[p.id]}
            </Button>
          ))}
        </div>
        {limitMessage ? <LimitReached message={limitMessage} /> : <UsageWarning feature="insight" />}
        {written ? (
          <article
            aria-labelledby="new-insight-heading"
            className="space-y-2 border-t border-stone-200 pt-4 dark:border-stone-800"
          >
            <p className="text-xs text-stone-600 dark:text-stone-400">{periodText(written.insight)}</p>
            <h3 id="new-insight-heading" className="font-serif text-lg font-semibold">
              {written.insight.headline}
            </h3>
            <InsightView insight={written.insight} />
            <p className="text-sm text-stone-600 dark:text-stone-400">It is kept in your insights below.</p>
          </article>
        ) : null}
      </section>
    </Card>
  );
}

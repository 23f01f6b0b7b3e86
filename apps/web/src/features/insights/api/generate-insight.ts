import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GeneratedInsight, InsightPeriodId } from "@shepherd/shared/insights";
import { api } from "@/lib/api";
import { usageQuery } from "@/lib/subscription";
import { insightKeys } from "./keys";

/** POST /api/insights: a reflection on his last week or month (counted against the month's insights). */
export function generateInsight(period: InsightPeriodId) {
  return api<GeneratedInsight>("/api/insights", { body: { period } });
}

export function useGenerateInsight() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateInsight,
    onSuccess: ({ insight }) => {
      client.setQueryData(insightKeys.one(insight.id), insight);
      return Promise.all([
        client.invalidateQueries({ queryKey: insightKeys.list() }),
        client.invalidateQueries({ queryKey: usageQuery.queryKey }),
      ]);
    },
    // A refusal at the cap changes what the usage says too.
    onError: () => client.invalidateQueries({ queryKey: usageQuery.queryKey }),
  });
}

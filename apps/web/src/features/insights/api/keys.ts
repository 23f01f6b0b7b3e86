import type { InsightRangeId } from "@shepherd/shared/insights";

/** Insights' query keys: the charts' data per range, the archive, one insight. */
export const insightKeys = {
  all: ["insights"] as const,
  data: (range: InsightRangeId) => [...insightKeys.all, "data", range] as const,
  list: () => [...insightKeys.all, "list"] as const,
  one: (id: string) => [...insightKeys.all, "one", id] as const,
};

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Devotional } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { invalidateTodayDevotional } from "@/lib/devotional";
import { usageQuery } from "@/lib/subscription";

/** POST /api/functions/refresh-devotional: a different devotional for today (counted against the monthly cap). */
export function refreshDevotional() {
  return api<Devotional>("/api/functions/refresh-devotional", { body: {} });
}

export function useRefreshDevotional() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refreshDevotional,
    onSuccess: () =>
      Promise.all([invalidateTodayDevotional(client), client.invalidateQueries({ queryKey: usageQuery.queryKey })]),
  });
}

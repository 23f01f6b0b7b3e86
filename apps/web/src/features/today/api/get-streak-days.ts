import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { StreakDays } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { monthGridRange } from "../calendar";

export const streakKeys = {
  all: ["streak"] as const,
  days: (from: string, to: string) => [...streakKeys.all, "days", from, to] as const,
};

/** GET /api/streak/days: the days he kept between two of his dates (the streak calendar and the week on Today). */
export function streakDaysQuery(range: { from: string; to: string }) {
  return queryOptions({
    queryKey: streakKeys.days(range.from, range.to),
    queryFn: ({ signal }) => api<StreakDays>(`/api/streak/days?from=${range.from}&to=${range.to}`, { signal }),
    staleTime: 60_000,
  });
}

/** The kept days of the month page that holds `date` (this week is always on this month's page), as a set. */
export function useKeptDays(date: string) {
  const query = useQuery(streakDaysQuery(monthGridRange(date)));
  const kept = useMemo(() => new Set((query.data?.days ?? []).map((d) => d.date)), [query.data]);
  return { query, kept };
}

/** A day was just kept (completed or checked in): the calendar and the week reload. */
export function streakChanged(client: QueryClient) {
  return client.invalidateQueries({ queryKey: streakKeys.all });
}

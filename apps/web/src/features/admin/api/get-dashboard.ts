import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminDashboard, AdminRange } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys } from "./keys";

/** GET /api/admin/dashboard?range=: each number by day over the range. */
export const dashboardQuery = (range: AdminRange) =>
  queryOptions({
    queryKey: adminKeys.dashboard(range),
    queryFn: () => api<AdminDashboard>(`/api/admin/dashboard?range=${range}`),
    placeholderData: keepPreviousData,
  });

export function useDashboard(range: AdminRange) {
  return useQuery(dashboardQuery(range));
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContentReport } from "@shepherd/shared/community";
import { api } from "@/lib/api";

export type ReportStatus = "open" | "resolved";

export const reportKeys = {
  all: ["admin", "reports"] as const,
  list: (status: ReportStatus) => [...reportKeys.all, status] as const,
};

/** GET /api/admin/reports?status=: what members reported, to review. */
export const reportsQuery = (status: ReportStatus) =>
  queryOptions({
    queryKey: reportKeys.list(status),
    queryFn: () => api<ContentReport[]>(`/api/admin/reports?status=${status}`),
  });

export function useReports(status: ReportStatus) {
  return useQuery(reportsQuery(status));
}

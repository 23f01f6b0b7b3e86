import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContentReport } from "@shepherd/shared/community";
import { api } from "@/lib/api";

export type ReportStatus = "open" | "resolved";

export const reportsQuery = (status: ReportStatus) =>
  queryOptions({
    queryKey: ["admin", "reports", status],
    queryFn: () => api<ContentReport[]>(`/api/admin/reports?status=${status}`),
  });

export function useReports(status: ReportStatus) {
  return useQuery(reportsQuery(status));
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: "dismiss" | "remove" }) =>
      api<{ resolved: true; removed: boolean }>(`/api/admin/reports/${input.id}/resolve`, {
        method: "POST",
        body: { action: input.action },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin", "reports"] }),
  });
}

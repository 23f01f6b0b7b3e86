import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { reportKeys } from "./get-reports";

export type ReportAction = "hide" | "restore" | "ban-author";

/**
 * POST /api/admin/reports/:id/hide, /restore or /ban-author: hide what was reported (its author and admins still see
 * it), bring it back, or ban its author as the Users page would.
 */
export function actOnReport(input: { id: string; action: ReportAction; reason?: string }) {
  return api<unknown>(`/api/admin/reports/${input.id}/${input.action}`, {
    method: "POST",
    body: input.action === "ban-author" && input.reason ? { reason: input.reason } : {},
  });
}

export function useReportAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: actOnReport,
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

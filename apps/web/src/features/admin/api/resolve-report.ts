import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { reportKeys } from "./get-reports";

/** POST /api/admin/reports/:id/resolve: dismiss the report, or remove what was reported. */
export function resolveReport(input: { id: string; action: "dismiss" | "remove" }) {
  return api<{ resolved: true; removed: boolean }>(`/api/admin/reports/${input.id}/resolve`, {
    method: "POST",
    body: { action: input.action },
  });
}

export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

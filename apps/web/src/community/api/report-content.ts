import { useMutation } from "@tanstack/react-query";
import type { ReportTarget } from "@shepherd/shared/community";
import { api } from "@/lib/api";

export interface ReportInput {
  target_type: ReportTarget;
  target_id: string;
  reason: string;
}

/** POST /api/reports: once per person per item; kept for the admin area's Reports page. */
export function reportContent(input: ReportInput) {
  return api<{ reported: true }>("/api/reports", { body: input });
}

export function useReportContent() {
  return useMutation({ mutationFn: reportContent });
}

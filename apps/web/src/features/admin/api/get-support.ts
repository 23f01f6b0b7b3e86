import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminSupportInbox, AdminSupportThread } from "@shepherd/shared/admin";
import type { SupportStatus } from "@shepherd/shared/support";
import { api } from "@/lib/api";
import { adminKeys, withQuery } from "./keys";

export const supportInboxUrl = (status: SupportStatus | "all", page: number, format?: "csv") =>
  withQuery("/api/admin/support", { status, page, format });

/** GET /api/admin/support?status=&page=: members' requests, most recently active first, and the counts by status. */
export function useSupportInbox(status: SupportStatus | "all", page: number) {
  return useQuery({
    queryKey: adminKeys.supportInbox(status, page),
    queryFn: () => api<AdminSupportInbox>(supportInboxUrl(status, page)),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/support/:id: one request's thread and the admins' actions on it. */
export function useSupportThread(id: string | null) {
  return useQuery({
    queryKey: adminKeys.supportThread(id ?? ""),
    queryFn: () => api<AdminSupportThread>(`/api/admin/support/${id}`),
    enabled: Boolean(id),
  });
}

import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminCancellationRow, AdminChurn, AdminInactiveRow, AdminPage, ChurnWindow } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys, withQuery } from "./keys";

/** GET /api/admin/churn: inactive members by window, recent cancellations, and the weekly retention cohorts. */
export const churnQuery = queryOptions({
  queryKey: adminKeys.churn,
  queryFn: () => api<AdminChurn>("/api/admin/churn"),
});

export function useChurn() {
  return useQuery(churnQuery);
}

export const inactiveUrl = (days: ChurnWindow, page: number, format?: "csv") =>
  withQuery("/api/admin/churn/inactive", { days, page, format });

/** GET /api/admin/churn/inactive?days=&page=: members with no activity in that many days. */
export function useInactiveMembers(days: ChurnWindow, page: number) {
  return useQuery({
    queryKey: adminKeys.inactive(days, page),
    queryFn: () => api<AdminPage<AdminInactiveRow>>(inactiveUrl(days, page)),
    placeholderData: keepPreviousData,
  });
}

export const cancellationsUrl = (page: number, format?: "csv") => withQuery("/api/admin/churn/cancellations", { page, format });

/** GET /api/admin/churn/cancellations?page=: Premium cancellations and their reasons, newest first. */
export function useCancellations(page: number) {
  return useQuery({
    queryKey: adminKeys.cancellations(page),
    queryFn: () => api<AdminPage<AdminCancellationRow>>(cancellationsUrl(page)),
    placeholderData: keepPreviousData,
  });
}

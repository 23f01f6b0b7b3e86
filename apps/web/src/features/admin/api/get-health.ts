import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminErrorGroup, AdminFailedJob, AdminHealth, AdminPage } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys, withQuery } from "./keys";

/** GET /api/admin/health: database, job queue, storage, providers, server. */
export const healthQuery = () =>
  queryOptions({ queryKey: adminKeys.health, queryFn: () => api<AdminHealth>("/api/admin/health") });

export function useHealth() {
  return useQuery(healthQuery());
}

export const failedJobsUrl = (page: number, format?: "csv") => withQuery("/api/admin/health/jobs/failed", { page, format });

/** GET /api/admin/health/jobs/failed?page=: jobs that failed every retry. */
export function useFailedJobs(page: number) {
  return useQuery({
    queryKey: adminKeys.failedJobs(page),
    queryFn: () => api<AdminPage<AdminFailedJob>>(failedJobsUrl(page)),
    placeholderData: keepPreviousData,
  });
}

export const errorsUrl = (page: number, format?: "csv") => withQuery("/api/admin/health/errors", { page, format });

/** GET /api/admin/health/errors?page=: browser error reports grouped by message and stack. */
export function useErrorGroups(page: number) {
  return useQuery({
    queryKey: adminKeys.errors(page),
    queryFn: () => api<AdminPage<AdminErrorGroup>>(errorsUrl(page)),
    placeholderData: keepPreviousData,
  });
}

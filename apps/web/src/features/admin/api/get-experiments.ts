import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminPage } from "@shepherd/shared/admin";
import type { AdminExperiment } from "@shepherd/shared/experiments";
import { api } from "@/lib/api";
import { adminKeys, withQuery } from "./keys";

export const experimentsUrl = (page: number, format?: "csv") => withQuery("/api/admin/experiments", { page, format });

/** GET /api/admin/experiments?page=: the experiments, newest first, each with its results by variant. */
export function useExperiments(page: number) {
  return useQuery({
    queryKey: adminKeys.experimentList(page),
    queryFn: () => api<AdminPage<AdminExperiment>>(experimentsUrl(page)),
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminFeatures, AdminRange } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys, withQuery } from "./keys";

export const featuresUrl = (range: AdminRange, format?: "csv") => withQuery("/api/admin/features", { range, format });

/** GET /api/admin/features?range=: page views, actions, cap hits and AI use over the range. */
export const featuresQuery = (range: AdminRange) =>
  queryOptions({
    queryKey: adminKeys.features(range),
    queryFn: () => api<AdminFeatures>(featuresUrl(range)),
    placeholderData: keepPreviousData,
  });

export function useFeatures(range: AdminRange) {
  return useQuery(featuresQuery(range));
}

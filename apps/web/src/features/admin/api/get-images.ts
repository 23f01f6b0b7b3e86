import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminImages } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys, withQuery } from "./keys";

export const imagesUrl = (missing: boolean, page: number, format?: "csv") =>
  withQuery("/api/admin/images", { missing: missing ? "true" : undefined, page, format });

/**
 * GET /api/admin/images?missing=&page=: the provider, how many devotionals lack an image, and the devotionals. While
 * the job for the missing ones runs, `polling` reloads it every 2 seconds, so the count is its progress.
 */
export function useImages(missing: boolean, page: number, polling: boolean) {
  return useQuery({
    queryKey: adminKeys.imageList(missing, page),
    queryFn: () => api<AdminImages>(imagesUrl(missing, page)),
    placeholderData: keepPreviousData,
    refetchInterval: polling ? 2_000 : false,
  });
}

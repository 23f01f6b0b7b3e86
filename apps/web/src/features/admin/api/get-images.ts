import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminImages } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys, withQuery } from "./keys";

export interface ImagesFilter {
  missing: boolean;
  /** Words in the title, the passage or the member's email ("" for all). */
  q: string;
  page: number;
}

export const imagesUrl = ({ missing, q, page }: ImagesFilter, format?: "csv") =>
  withQuery("/api/admin/images", { missing: missing ? "true" : undefined, q: q || undefined, page, format });

/**
 * GET /api/admin/images?missing=&q=&page=: the provider, how many devotionals lack an image, and the devotionals. While
 * the job for the missing ones runs, `polling` reloads it every 2 seconds, so the count is its progress.
 */
export function useImages(filter: ImagesFilter, polling: boolean) {
  return useQuery({
    queryKey: adminKeys.imageList(filter.missing, filter.q, filter.page),
    queryFn: () => api<AdminImages>(imagesUrl(filter)),
    placeholderData: keepPreviousData,
    refetchInterval: polling ? 2_000 : false,
  });
}

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminImageKind, AdminImages } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys, withQuery } from "./keys";

export interface ImagesFilter {
  /** Devotionals' artwork, or plans' or series' covers. */
  kind: AdminImageKind;
  missing: boolean;
  /** Words in the title, the passage or the member's (or maker's) email ("" for all). */
  q: string;
  page: number;
}

export const imagesUrl = ({ kind, missing, q, page }: ImagesFilter, format?: "csv") =>
  withQuery("/api/admin/images", {
    kind: kind === "devotionals" ? undefined : kind,
    missing: missing ? "true" : undefined,
    q: q || undefined,
    page,
    format,
  });

/**
 * GET /api/admin/images?kind=&missing=&q=&page=: the provider, how many of the kind lack an image, and the list. While
 * the job for the missing ones runs, `polling` reloads it every 2 seconds, so the count is its progress.
 */
export function useImages(filter: ImagesFilter, polling: boolean) {
  return useQuery({
    queryKey: adminKeys.imageList(filter.kind, filter.missing, filter.q, filter.page),
    queryFn: () => api<AdminImages>(imagesUrl(filter)),
    placeholderData: keepPreviousData,
    refetchInterval: polling ? 2_000 : false,
  });
}

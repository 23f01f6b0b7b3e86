import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminGeneratedImage, AdminImageKind } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys } from "./keys";

/** POST /api/admin/images/{devotionals|plans|series}/:id: artwork for one devotional, or one cover, now (audited, counted). */
export function generateImage({ kind, id }: { kind: AdminImageKind; id: string }) {
  return api<AdminGeneratedImage>(`/api/admin/images/${kind}/${id}`, { method: "POST" });
}

/** POST /api/admin/images/missing?kind=: a background job draws every one of the kind without an image (audited). */
export function generateMissingImages(kind: AdminImageKind) {
  return api<{ queued: boolean; missing: number }>(`/api/admin/images/missing?kind=${kind}`, { method: "POST" });
}

export function useGenerateImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateImage,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.images }),
  });
}

export function useGenerateMissingImages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateMissingImages,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.images }),
  });
}

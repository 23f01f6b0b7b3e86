import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminGeneratedImage } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys } from "./keys";

/** POST /api/admin/images/devotionals/:id: artwork for one devotional, now (audited, counted). */
export function generateDevotionalImage(id: string) {
  return api<AdminGeneratedImage>(`/api/admin/images/devotionals/${id}`, { method: "POST" });
}

/** POST /api/admin/images/missing: a background job draws every devotional without an image (audited). */
export function generateMissingImages() {
  return api<{ queued: boolean; missing: number }>("/api/admin/images/missing", { method: "POST" });
}

export function useGenerateDevotionalImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateDevotionalImage,
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

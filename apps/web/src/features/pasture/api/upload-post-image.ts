import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** What POST /api/pasture/images accepts (docs/community.md). */
export const POST_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const POST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/pasture/images, multipart field `image` -> `{ image_url }` to send with the post. */
export function uploadPostImage(file: File) {
  const form = new FormData();
  form.append("image", file);
  return api<{ image_url: string }>("/api/pasture/images", { body: form });
}

export function useUploadPostImage() {
  return useMutation({ mutationFn: uploadPostImage });
}

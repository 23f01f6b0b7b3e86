import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Profile } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { meQuery } from "@/lib/session";

/** POST /api/profile/avatar, multipart field `avatar`. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append("avatar", file);
  return api<Profile>("/api/profile/avatar", { method: "POST", body: form });
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => client.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

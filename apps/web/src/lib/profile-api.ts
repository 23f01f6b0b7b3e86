import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Profile, UpdateProfileInput, UsernameAvailability } from "@shepherd/shared/api";
import { api } from "./api";
import { meQuery } from "./session";

/** Profile calls shared by onboarding and settings. */

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateProfileInput) => api<Profile>("/api/profile", { method: "PATCH", body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("avatar", file);
      return api<Profile>("/api/profile/avatar", { method: "POST", body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

export function checkUsername(username: string, signal?: AbortSignal) {
  return api<UsernameAvailability>(`/api/profile/username-availability?username=${encodeURIComponent(username)}`, { signal });
}

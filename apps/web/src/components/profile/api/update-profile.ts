import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Profile, UpdateProfileInput } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { meQuery } from "@/lib/session";

/** PATCH /api/profile: name, username, focus, topics, streak sharing (onboarding and settings). */
export function updateProfile(changes: UpdateProfileInput) {
  return api<Profile>("/api/profile", { method: "PATCH", body: changes });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => client.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** POST /api/auth/change-password; every other device is signed out. */
export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return api("/api/auth/change-password", { body: { ...input, revokeOtherSessions: true } });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

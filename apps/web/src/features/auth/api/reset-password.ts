import { api } from "@/lib/api";

/** POST /api/auth/reset-password: the token from the link and the new password. */
export function resetPassword(input: { token: string; newPassword: string }) {
  return api<{ status: boolean }>("/api/auth/reset-password", { body: input });
}

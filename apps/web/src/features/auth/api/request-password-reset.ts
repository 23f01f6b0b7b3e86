import { api } from "@/lib/api";

/** Spec section 7: reset password with email and redirectTo. The link in the email comes back to /auth?token=... */
export function requestPasswordReset(email: string) {
  return api<{ status: boolean }>("/api/auth/request-password-reset", {
    body: { email, redirectTo: `${window.location.origin}/auth?mode=reset` },
  });
}

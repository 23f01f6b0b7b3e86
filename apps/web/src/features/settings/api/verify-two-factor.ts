import { api } from "@/lib/api";

/** POST /api/auth/two-factor/verify-totp: the first code from the app turns two-step verification on. */
export function verifyTwoFactor(code: string) {
  return api("/api/auth/two-factor/verify-totp", { body: { code } });
}

import { api } from "@/lib/api";

/** POST /api/auth/two-factor/disable with my password. */
export function disableTwoFactor(password: string) {
  return api("/api/auth/two-factor/disable", { body: { password } });
}

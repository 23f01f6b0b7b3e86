import { api } from "@/lib/api";

/** POST /api/auth/two-factor/enable with my password -> the authenticator's URI and the backup codes. */
export function enableTwoFactor(password: string) {
  return api<{ totpURI: string; backupCodes: string[] }>("/api/auth/two-factor/enable", { body: { password } });
}

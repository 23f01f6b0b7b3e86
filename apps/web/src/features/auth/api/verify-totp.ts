import { api } from "@/lib/api";

/** POST /api/auth/two-factor/verify-totp: the second step of signing in, with the authenticator's code. */
export function verifyTotp(code: string) {
  return api<{ user: { id: string } }>("/api/auth/two-factor/verify-totp", { body: { code, trustDevice: false } });
}

import { api } from "@/lib/api";

export function verifyTotp(code: string) {
  return api<{ user: { id: string } }>("/api/auth/two-factor/verify-totp", { body: { code, trustDevice: false } });
}

export function verifyBackupCode(code: string) {
  return api<{ user: { id: string } }>("/api/auth/two-factor/verify-backup-code", { body: { code } });
}

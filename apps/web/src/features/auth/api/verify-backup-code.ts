import { api } from "@/lib/api";

/** POST /api/auth/two-factor/verify-backup-code: the second step of signing in, with a saved backup code. */
export function verifyBackupCode(code: string) {
  return api<{ user: { id: string } }>("/api/auth/two-factor/verify-backup-code", { body: { code } });
}

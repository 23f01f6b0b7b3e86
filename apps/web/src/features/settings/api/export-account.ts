import { api } from "@/lib/api";

/** GET /api/account/export: everything Shepherd keeps about me, as one JSON document. */
export function exportAccount() {
  return api<unknown>("/api/account/export");
}

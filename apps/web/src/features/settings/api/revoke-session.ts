import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { sessionsQuery } from "./get-sessions";

/** POST /api/auth/revoke-session: signs that device out. */
export function revokeSession(token: string) {
  return api("/api/auth/revoke-session", { body: { token } });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

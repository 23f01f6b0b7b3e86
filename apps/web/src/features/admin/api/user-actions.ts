import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUserDetail } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys } from "./keys";

export type UserAction =
  | { kind: "role"; admin: boolean }
  | { kind: "ban"; reason?: string }
  | { kind: "unban" }
  | { kind: "reset-two-factor" }
  | { kind: "password-reset" };

/** POST /api/admin/users/:id/{role,ban,unban,reset-two-factor,password-reset}: each answers the member's page again. */
export function runUserAction(id: string, action: UserAction) {
  const path = `/api/admin/users/${id}/${action.kind}`;
  const body = action.kind === "role" ? { admin: action.admin } : action.kind === "ban" ? { reason: action.reason } : {};
  return api<AdminUserDetail>(path, { method: "POST", body });
}

export function useUserAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => runUserAction(id, action),
    onSuccess: (detail) => client.setQueryData(adminKeys.user(id), detail),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin", "users", "search"] }),
  });
}

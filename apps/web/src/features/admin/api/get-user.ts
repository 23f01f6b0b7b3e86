import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminUserDetail } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys } from "./keys";

/** GET /api/admin/users/:id: a member's account, subscription, usage, reports against him and the audit entries. */
export const userQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.user(id), queryFn: () => api<AdminUserDetail>(`/api/admin/users/${id}`) });

export function useAdminUser(id: string) {
  return useQuery(userQuery(id));
}

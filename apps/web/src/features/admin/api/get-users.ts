import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminPage, AdminUserRow } from "@shepherd/shared/admin";
import { api } from "@/lib/api";
import { adminKeys, withQuery } from "./keys";

export const usersUrl = (q: string, page: number, format?: "csv") => withQuery("/api/admin/users", { q, page, format });

/** GET /api/admin/users?q=&page=: members whose name, username or email holds q, newest first. */
export const usersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(q, page),
    queryFn: () => api<AdminPage<AdminUserRow>>(usersUrl(q, page)),
    placeholderData: keepPreviousData,
  });

export function useUsers(q: string, page: number) {
  return useQuery(usersQuery(q, page));
}

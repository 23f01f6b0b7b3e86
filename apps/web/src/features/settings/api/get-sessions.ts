import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export interface SessionRow {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** GET /api/auth/list-sessions: the devices signed in to my account. */
export const sessionsQuery = queryOptions({
  queryKey: ["sessions"],
  queryFn: () => api<SessionRow[]>("/api/auth/list-sessions"),
});

export function useSessions() {
  return useQuery(sessionsQuery);
}

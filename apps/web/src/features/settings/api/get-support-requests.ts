import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SupportRequest } from "@shepherd/shared/support";
import { api } from "@/lib/api";

/** GET /api/support/requests: my support requests, each with its thread (the admins' replies too). */
export const supportRequestsQuery = queryOptions({
  queryKey: ["support", "requests"],
  queryFn: () => api<SupportRequest[]>("/api/support/requests"),
});

export function useSupportRequests() {
  return useQuery(supportRequestsQuery);
}

import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { PlanGroup } from "@shepherd/shared/path";
import { api, hasStatus } from "@/lib/api";
import { pathChanged } from "@/lib/path";
import { togetherKeys } from "./together-keys";

/** GET /api/path/together/{groupId}: each member's days done and next day, and the days with discussion (members only). */
export function groupQuery(groupId: string) {
  return queryOptions({
    queryKey: togetherKeys.group(groupId),
    queryFn: ({ signal }) => api<PlanGroup>(`/api/path/together/${groupId}`, { signal }),
    // Fresh on every visit: his brothers mark their days from their own phones.
    staleTime: 0,
    retry: (count, error) => count < 1 && !hasStatus(error, 404),
  });
}

export function useGroup(groupId: string) {
  return useQuery(groupQuery(groupId));
}

/** A change answered with the group (started, joined): cached as it is now; the plan and his lists reload. */
export function groupSaved(client: QueryClient, group: PlanGroup) {
  client.setQueryData(groupQuery(group.id).queryKey, group);
  return pathChanged(client);
}

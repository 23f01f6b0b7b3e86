import { queryOptions, useQuery } from "@tanstack/react-query";
import type { GatheringDetail } from "@shepherd/shared/gatherings";
import { api, hasStatus } from "@/lib/api";
import { gatheringKeys } from "@/community";

/** GET /api/gatherings/:room: the gathering, who is inside, its questions and media (404 none, 403 not his flock's). */
export const gatheringQuery = (roomName: string) =>
  queryOptions({
    queryKey: gatheringKeys.detail(roomName),
    queryFn: ({ signal }) => api<GatheringDetail>(`/api/gatherings/${encodeURIComponent(roomName)}`, { signal }),
    staleTime: 0,
    retry: (count, error) => !hasStatus(error, 403) && !hasStatus(error, 404) && count < 2,
  });

/** On the pre-join screen, who is inside is read again every few seconds. */
export function useGathering(roomName: string, options: { poll?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    ...gatheringQuery(roomName),
    refetchInterval: options.poll ? 5_000 : false,
    enabled: options.enabled ?? true,
  });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { GatheringList } from "@shepherd/shared/gatherings";
import { api } from "@/lib/api";
import { gatheringKeys } from "./gathering-keys";

/** GET /api/gatherings: his upcoming and live gatherings (one flock's with `flockId`), soonest first. */
export const gatheringsQuery = (flockId?: string) =>
  queryOptions({
    queryKey: gatheringKeys.list(flockId),
    queryFn: ({ signal }) =>
      api<GatheringList>(flockId ? `/api/gatherings?flock=${encodeURIComponent(flockId)}` : "/api/gatherings", { signal }),
    // A gathering starting is news: look again every minute while the list is on screen.
    refetchInterval: 60_000,
  });

export function useGatherings(flockId?: string) {
  return useQuery(gatheringsQuery(flockId));
}

/** Gatherings' caches. */
export const gatheringKeys = {
  all: ["gatherings"] as const,
  /** GET /api/gatherings (every flock of his) or ?flock= (one flock). */
  list: (flockId?: string) => [...gatheringKeys.all, "list", flockId ?? "all"] as const,
  detail: (roomName: string) => [...gatheringKeys.all, "room", roomName] as const,
};

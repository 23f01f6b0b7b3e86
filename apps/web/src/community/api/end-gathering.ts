import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { gatheringKeys } from "./gathering-keys";

/** POST /api/gatherings/:room/end: the host cancels a scheduled gathering (or ends a live one from outside the room). */
export function endGathering(roomName: string) {
  return api<{ ended: true }>(`/api/gatherings/${encodeURIComponent(roomName)}/end`, { body: {} });
}

export function useEndGathering() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endGathering,
    onSuccess: () => client.invalidateQueries({ queryKey: gatheringKeys.all }),
  });
}

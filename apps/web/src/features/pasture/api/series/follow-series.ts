import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SeriesProgress } from "@shepherd/shared/series";
import { api } from "@/lib/api";
import { seriesChanged } from "./keys";

/** PUT /api/series/{id}/follow (follow) or DELETE (unfollow; his marks stay). */
export function setFollowing(input: { seriesId: string; follow: boolean }): Promise<SeriesProgress | null> {
  const path = `/api/series/${input.seriesId}/follow`;
  return input.follow ? api<SeriesProgress>(path, { method: "PUT" }) : api<void>(path, { method: "DELETE" }).then(() => null);
}

export function useSetFollowing() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setFollowing, onSuccess: () => seriesChanged(client) });
}

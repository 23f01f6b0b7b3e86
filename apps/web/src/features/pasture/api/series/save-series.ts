import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SeriesInput } from "@shepherd/shared/series";
import { api } from "@/lib/api";
import { seriesChanged } from "./keys";

/** POST /api/series (a new series) or PUT /api/series/{id} (replace mine: sessions sent with their id keep it). */
export function saveSeries(input: { seriesId: string | null; series: SeriesInput }) {
  return input.seriesId
    ? api<{ id: string }>(`/api/series/${input.seriesId}`, { method: "PUT", body: input.series })
    : api<{ id: string }>("/api/series", { body: input.series });
}

export function useSaveSeries() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveSeries, onSuccess: () => seriesChanged(client) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { seriesChanged } from "./keys";

/** DELETE /api/series/{id}: my series, its sessions and everyone's marks in it. */
export function deleteSeries(seriesId: string) {
  return api<void>(`/api/series/${seriesId}`, { method: "DELETE" });
}

export function useDeleteSeries() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSeries, onSuccess: () => seriesChanged(client) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { insightKeys } from "./keys";

/** DELETE /api/insights/:id. */
export function deleteInsight(id: string) {
  return api(`/api/insights/${id}`, { method: "DELETE" });
}

export function useDeleteInsight() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteInsight,
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: insightKeys.one(id) });
      return client.invalidateQueries({ queryKey: insightKeys.list() });
    },
  });
}

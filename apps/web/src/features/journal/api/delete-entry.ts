import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { journalChanged } from "@/lib/journal";

/** DELETE /api/journal/:id. */
export function deleteEntry(id: string) {
  return api(`/api/journal/${id}`, { method: "DELETE" });
}

export function useDeleteEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    onSuccess: () => journalChanged(client),
  });
}

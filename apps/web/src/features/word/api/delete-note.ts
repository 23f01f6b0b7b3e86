import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { wordKeys } from "./keys";

/** DELETE /api/word/notes/:id. */
export function deleteNote(id: string) {
  return api<{ deleted: true }>(`/api/word/notes/${id}`, { method: "DELETE" });
}

export function useDeleteNote() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteNote, onSuccess: () => client.invalidateQueries({ queryKey: wordKeys.annotations() }) });
}

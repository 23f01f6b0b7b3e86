import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VerseNote } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { wordKeys } from "./keys";

/** PATCH /api/word/notes/:id. */
export function updateNote(input: { id: string; content: string }) {
  return api<VerseNote>(`/api/word/notes/${input.id}`, { method: "PATCH", body: { content: input.content } });
}

export function useUpdateNote() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateNote, onSuccess: () => client.invalidateQueries({ queryKey: wordKeys.annotations() }) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VerseNote } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { wordKeys } from "./keys";
import type { VerseSelection } from "./update-annotations";

/** POST /api/word/notes: a private note on the selected verses. */
export function createNote(input: VerseSelection & { content: string }) {
  return api<VerseNote>("/api/word/notes", { body: input });
}

export function useCreateNote() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createNote, onSuccess: () => client.invalidateQueries({ queryKey: wordKeys.annotations() }) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VerseNote } from "@shepherd/shared/word";
import { OFFLINE_MUTATION, writeOrKeep } from "@/lib/offline/sync";
import { wordKeys } from "./keys";
import type { VerseSelection } from "./update-annotations";

/** POST /api/word/notes: a private note on the selected verses; `null` when it was kept on the device to sync (issue 18). */
export function createNote(input: VerseSelection & { content: string }): Promise<VerseNote | null> {
  return writeOrKeep<VerseNote>({ method: "POST", path: "/api/word/notes", body: input, label: "Note" });
}

export function useCreateNote() {
  const client = useQueryClient();
  return useMutation({
    ...OFFLINE_MUTATION,
    mutationFn: createNote,
    onSuccess: (note) => (note ? client.invalidateQueries({ queryKey: wordKeys.annotations() }) : undefined),
  });
}

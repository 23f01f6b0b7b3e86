import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { JournalEntry } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { journalChanged } from "@/lib/journal";

/** PATCH /api/journal/:id. */
export function updateEntry(input: { id: string; content: string }) {
  return api<{ entry: JournalEntry; care: boolean }>(`/api/journal/${input.id}`, {
    method: "PATCH",
    body: { content: input.content },
  });
}

export function useUpdateEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEntry,
    onSuccess: () => journalChanged(client),
  });
}

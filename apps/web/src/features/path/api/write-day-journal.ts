import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { JournalEntry, Whisper } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { journalChanged } from "@/lib/journal";
import { pathKeys } from "@/lib/path";
import { usageQuery } from "@/lib/subscription";

/** POST /api/path/plans/{id}/days/{n}/journal: a journal entry written from this day (counted like any entry). */
export function writeDayJournal(input: { planId: string; day: number; content: string }) {
  return api<{ entry: JournalEntry; whisper: Whisper | null; care: boolean }>(
    `/api/path/plans/${input.planId}/days/${input.day}/journal`,
    { body: { content: input.content } },
  );
}

export function useWriteDayJournal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: writeDayJournal,
    onSuccess: (_result, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...pathKeys.plan(input.planId), "day", input.day] }),
        journalChanged(client),
        client.invalidateQueries({ queryKey: usageQuery.queryKey }),
      ]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { JournalEntry, Whisper } from "@shepherd/shared/api";
import { api } from "./api";
import { devotionalKeys, patchTodayScreen } from "./devotional";
import { usageQuery } from "./subscription";

/** The journal: the /journal page lists and edits entries; Today writes one for its devotional. */
export const journalKeys = {
  all: ["journal"] as const,
  list: (search: string) => [...journalKeys.all, search] as const,
};

export interface NewJournalEntry {
  content: string;
  /** Set when the entry answers today's devotional ("Gather Your Thoughts"). */
  devotional_id?: string;
}

/** POST /api/journal (counted against the monthly journal cap). */
export function createJournalEntry(input: NewJournalEntry) {
  return api<{ entry: JournalEntry; whisper: Whisper | null; care: boolean }>("/api/journal", { body: input });
}

export function useCreateJournalEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createJournalEntry,
    onSuccess: (result) => {
      // Today shows the entry saved, and the whisper it brought, at once; its next visit reloads it.
      patchTodayScreen(client, (state) => ({
        ...state,
        journal_saved_today: state.journal_saved_today || Boolean(result.entry.devotional_id),
        whisper: result.whisper ?? state.whisper,
      }));
      return Promise.all([
        client.invalidateQueries({ queryKey: journalKeys.all }),
        client.invalidateQueries({ queryKey: devotionalKeys.todayScreen(), refetchType: "none" }),
        // A new entry counts against the monthly cap: the 80% warning may now apply.
        client.invalidateQueries({ queryKey: usageQuery.queryKey }),
      ]);
    },
  });
}

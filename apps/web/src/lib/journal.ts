import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { JournalEntry, Whisper } from "@shepherd/shared/api";
import { hasStatus } from "./api";
import { OFFLINE_MUTATION, writeOrQueue } from "./offline/sync";
import { trackAction } from "./track-activity";
import { devotionalKeys, patchTodayScreen } from "./devotional";
import { usageQuery } from "./subscription";
import { notifyCappedError, notifyError } from "./toast";

/** The journal: the /journal page lists and edits entries; Today writes one for its devotional. */
export const journalKeys = {
  all: ["journal"] as const,
  list: (search: string) => [...journalKeys.all, search] as const,
};

/** An entry was written, edited or deleted: the journal reloads, and so does Today (its "saved" mark) on its next visit. */
export function journalChanged(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: journalKeys.all }),
    client.invalidateQueries({ queryKey: devotionalKeys.todayScreen(), refetchType: "none" }),
  ]);
}

export interface NewJournalEntry {
  content: string;
  /** Set when the entry answers today's devotional ("Gather Your Thoughts"). */
  devotional_id?: string;
}

export type CreatedJournalEntry =
  | { queued: false; entry: JournalEntry; whisper: Whisper | null; care: boolean }
  | { queued: true; entry: null; whisper: null; care: false };

/**
 * POST /api/journal (counted against the monthly journal cap). Offline it is kept on the device and sent when the
 * connection returns (lib/offline/sync.ts): `queued` says so.
 */
export async function createJournalEntry(input: NewJournalEntry): Promise<CreatedJournalEntry> {
  const result = await writeOrQueue<{ entry: JournalEntry; whisper: Whisper | null; care: boolean }>({
    method: "POST",
    path: "/api/journal",
    body: input,
    label: "Journal entry",
  });
  if (result.queued) return { queued: true, entry: null, whisper: null, care: false };
  return { queued: false, ...result.body };
}

export function useCreateJournalEntry() {
  const client = useQueryClient();
  return useMutation({
    ...OFFLINE_MUTATION,
    mutationFn: createJournalEntry,
    onSuccess: (result, variables) => {
      trackAction("journal_save");
      // Today shows the entry saved, and the whisper it brought, at once.
      patchTodayScreen(client, (state) => ({
        ...state,
        journal_saved_today:
          state.journal_saved_today || Boolean(result.entry ? result.entry.devotional_id : variables.devotional_id),
        whisper: result.whisper ?? state.whisper,
      }));
      // Kept on the device: nothing to reload until it is sent.
      if (result.queued) return;
      return Promise.all([
        journalChanged(client),
        // A new entry counts against the monthly cap: the 80% warning may now apply.
        client.invalidateQueries({ queryKey: usageQuery.queryKey }),
      ]);
    },
  });
}

/** Spec section 8: why an entry (new or edited) was not saved. */
export function notifyJournalSaveError(error: unknown) {
  if (hasStatus(error, 401)) notifyError("Please sign in", "You need to be signed in to save journal entries.");
  else notifyCappedError("Error saving journal", error);
}

import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { JournalEntry } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { journalKeys } from "@/lib/journal";

interface JournalPage {
  entries: JournalEntry[];
  next_before: string | null;
}

/** GET /api/journal?q=: my entries, newest first, a page at a time; q searches them. */
export const journalQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: journalKeys.list(q),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (q) params.set("q", q);
      if (pageParam) params.set("before", pageParam);
      return api<JournalPage>(`/api/journal?${params}`);
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.next_before ?? undefined,
  });

export function useJournal(q: string) {
  return useInfiniteQuery(journalQuery(q));
}

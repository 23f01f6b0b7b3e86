import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { JournalEntry, Whisper } from "@shepherd/shared/api";
import { api } from "@/lib/api";
import { usageQuery } from "@/lib/subscription";

interface JournalPage {
  entries: JournalEntry[];
  next_before: string | null;
}

export const journalQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ["journal", q],
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

function useInvalidateJournal() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: ["journal"] }), client.invalidateQueries({ queryKey: ["today"] })]);
}

export function useCreateEntry() {
  const invalidate = useInvalidateJournal();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api<{ entry: JournalEntry; whisper: Whisper | null; care: boolean }>("/api/journal", { body: { content } }),
    // A new entry counts against the monthly cap: the 80% warning may now apply.
    onSuccess: () => Promise.all([invalidate(), client.invalidateQueries({ queryKey: usageQuery.queryKey })]),
  });
}

export function useUpdateEntry() {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: (input: { id: string; content: string }) =>
      api<{ entry: JournalEntry; care: boolean }>(`/api/journal/${input.id}`, {
        method: "PATCH",
        body: { content: input.content },
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteEntry() {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: (id: string) => api(`/api/journal/${id}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

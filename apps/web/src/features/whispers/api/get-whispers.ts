import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { Whisper } from "@shepherd/shared/api";
import { api } from "@/lib/api";

interface WhispersPage {
  whispers: Whisper[];
  next_before: string | null;
}

/** GET /api/whispers: the archive, newest first, a page at a time. */
export const whispersQuery = infiniteQueryOptions({
  queryKey: ["whispers"],
  queryFn: ({ pageParam }) =>
    api<WhispersPage>(pageParam ? `/api/whispers?before=${encodeURIComponent(pageParam)}` : "/api/whispers"),
  initialPageParam: "",
  getNextPageParam: (last) => last.next_before ?? undefined,
});

export function useWhispers() {
  return useInfiniteQuery(whispersQuery);
}

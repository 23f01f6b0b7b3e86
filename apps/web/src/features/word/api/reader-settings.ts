import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LineSpacing, ReaderSettings, TranslationId } from "@shepherd/shared/word";
import { api } from "@/lib/api";

/** GET /api/word/settings: translation, font size, line spacing, and where I was. */
export const readerSettingsQuery = queryOptions({
  queryKey: ["word", "settings"],
  queryFn: ({ signal }) => api<ReaderSettings>("/api/word/settings", { signal }),
  staleTime: 5 * 60_000,
});

export function useReaderSettings() {
  return useQuery(readerSettingsQuery);
}

export interface ReaderSettingsChange {
  translation?: TranslationId;
  font_size?: number;
  line_spacing?: LineSpacing;
}

/** PUT /api/word/settings, shown at once (optimistic) and put back if the save fails. */
export function useUpdateReaderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ReaderSettingsChange) => api<ReaderSettings>("/api/word/settings", { method: "PUT", body: change }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: readerSettingsQuery.queryKey });
      const before = client.getQueryData(readerSettingsQuery.queryKey);
      if (before) client.setQueryData(readerSettingsQuery.queryKey, { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(readerSettingsQuery.queryKey, context.before);
    },
    onSuccess: (settings) => client.setQueryData(readerSettingsQuery.queryKey, settings),
  });
}

/** PUT /api/word/position: remember the chapter being read. */
export function useSaveReadingPosition() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (position: { book: string; chapter: number }) =>
      api<ReaderSettings>("/api/word/position", { method: "PUT", body: position }),
    onSuccess: (settings) => client.setQueryData(readerSettingsQuery.queryKey, settings),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LineSpacing, ReaderSettings, TranslationId } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { readerSettingsQuery } from "./get-reader-settings";

export interface ReaderSettingsChange {
  translation?: TranslationId;
  font_size?: number;
  line_spacing?: LineSpacing;
}

/** PUT /api/word/settings. */
export function updateReaderSettings(change: ReaderSettingsChange) {
  return api<ReaderSettings>("/api/word/settings", { method: "PUT", body: change });
}

/** Shown at once (optimistic) and put back if the save fails. */
export function useUpdateReaderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateReaderSettings,
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

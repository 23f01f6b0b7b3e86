import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReaderSettings } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { readerSettingsQuery } from "./get-reader-settings";

/** PUT /api/word/position: remember the chapter being read. */
export function saveReadingPosition(position: { book: string; chapter: number }) {
  return api<ReaderSettings>("/api/word/position", { method: "PUT", body: position });
}

export function useSaveReadingPosition() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReadingPosition,
    onSuccess: (settings) => client.setQueryData(readerSettingsQuery.queryKey, settings),
  });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReaderSettings } from "@shepherd/shared/word";
import { api } from "@/lib/api";
import { wordKeys } from "./keys";

/** GET /api/word/settings: translation, font size, line spacing, and where I was. */
export const readerSettingsQuery = queryOptions({
  queryKey: wordKeys.settings(),
  queryFn: ({ signal }) => api<ReaderSettings>("/api/word/settings", { signal }),
  staleTime: 5 * 60_000,
});

export function useReaderSettings() {
  return useQuery(readerSettingsQuery);
}

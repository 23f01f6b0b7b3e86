import type { QueryClient } from "@tanstack/react-query";

/** The series library's cache: the library (by filters), my series, a series, a session, a series in the editor. */
export const seriesKeys = {
  all: ["series"] as const,
  library: (filters: { theme?: string; q?: string }) => [...seriesKeys.all, "library", filters] as const,
  mine: () => [...seriesKeys.all, "mine"] as const,
  detail: (seriesId: string) => [...seriesKeys.all, "detail", seriesId] as const,
  session: (sessionId: string) => [...seriesKeys.all, "session", sessionId] as const,
  editable: (seriesId: string) => [...seriesKeys.all, "editable", seriesId] as const,
};

/** After following, marking done or changing a series: everything the library shows is read again when next shown. */
export function seriesChanged(client: QueryClient) {
  return client.invalidateQueries({ queryKey: seriesKeys.all });
}

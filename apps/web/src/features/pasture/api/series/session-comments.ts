import type { SeriesSession } from "@shepherd/shared/series";
import type { CommentKind } from "@/community";
import { seriesKeys } from "./keys";

/** Comments on a series session: whoever may read the session (docs/series.md). */
export const sessionComments: CommentKind<SeriesSession> = {
  listPath: (sessionId) => `/api/series/sessions/${sessionId}/comments`,
  itemPath: (commentId) => `/api/series/session-comments/${commentId}`,
  queryKey: (sessionId) => [...seriesKeys.session(sessionId), "comments"],
  reportTarget: "series_session_comment",
  empty: "No one has written about this session yet. Share what stayed with you, or a question for your brothers.",
  patchParent: (client, session, change) =>
    client.setQueryData<SeriesSession>(seriesKeys.session(session.id), (cached) => (cached ? change(cached) : cached)),
};

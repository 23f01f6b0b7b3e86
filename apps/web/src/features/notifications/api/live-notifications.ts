import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useMe } from "@/lib/session";
import { whenIdle } from "@/lib/when-idle";
import { notificationsQuery } from "./get-notifications";

/** After the server refused the stream (the browser then stops retrying by itself): the first wait and the cap. */
const REOPEN_FIRST_MS = 2_000;
const REOPEN_MAX_MS = 60_000;

/**
 * GET /api/realtime, live notifications (issue 5): while someone is signed in, one EventSource on it. Each
 * `notifications` event refetches the list and the unread count, and so does every (re)open, so a change made while the
 * stream was down is not missed. No polling: nothing is fetched unless the server says something changed. The stream
 * opens once the page is idle: the list is loaded with the page, and a first load has more urgent work (issue 14).
 */
export function useLiveNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  const client = useQueryClient();
  const signedInId = useMe().data?.user.id;
  const userId = enabled ? signedInId : undefined;

  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let refusals = 0;
    const refetch = () => void client.invalidateQueries({ queryKey: notificationsQuery.queryKey });

    const open = () => {
      const current = new EventSource("/api/realtime");
      source = current;
      current.addEventListener("open", () => {
        refusals = 0;
        refetch();
      });
      current.addEventListener("notifications", refetch);
      current.addEventListener("error", () => {
        // A dropped stream is reconnected by the browser (readyState CONNECTING); a refused one (an error status such
        // as a proxy's 502 during a deploy) is CLOSED for good, so open a new one after a growing wait.
        if (current.readyState !== EventSource.CLOSED) return;
        const wait = Math.min(REOPEN_MAX_MS, REOPEN_FIRST_MS * 2 ** refusals);
        refusals += 1;
        reopen = setTimeout(open, wait);
      });
    };
    const cancelFirstOpen = whenIdle(open);

    return () => {
      cancelFirstOpen();
      clearTimeout(reopen);
      source?.close();
    };
  }, [client, userId]);
}

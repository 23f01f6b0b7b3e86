import { useQueryClient } from "@tanstack/react-query";
import { Hourglass } from "lucide-react";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { api } from "@/lib/api";
import { syncNow } from "@/lib/offline/sync";
import { onServerPauseChange, serverPaused, serverPausedUntil } from "@/lib/server-pause";

/** When the check below gets no Retry-After of its own (no connection at all, or readiness's plain 503). */
const ASK_AGAIN_SECONDS = 5;

/**
 * Issue 39: while the server asks us to wait (503 with Retry-After: it cannot reach its database), a calm notice in
 * place of error toasts. It asks the server again once each wait is over, and goes by itself with the server's next
 * answer (lib/api.ts); then what gave up meanwhile is read again and writes kept on the device are sent. Announced
 * politely (role="status"), never takes the focus.
 */
export function ServerPauseNotice() {
  const until = useSyncExternalStore(onServerPauseChange, serverPausedUntil, () => null);
  const client = useQueryClient();
  const wasPaused = useRef(false);

  useEffect(() => {
    if (until === null) {
      if (wasPaused.current) {
        void client.refetchQueries({ predicate: (query) => query.state.status === "error" });
        void syncNow(client);
      }
      wasPaused.current = false;
      return;
    }
    wasPaused.current = true;
    const timer = setTimeout(
      () => {
        api("/api/health/ready").catch(() => {
          if (serverPausedUntil() === until) serverPaused(ASK_AGAIN_SECONDS);
        });
      },
      Math.max(0, until - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [until, client]);

  // The live region is always there, so that screen readers announce the notice when it appears inside it.
  return (
    <div role="status">
      {until === null ? null : (
        <div className="mb-4 flex items-start gap-2 rounded-md border border-stone-300 bg-stone-100 px-3 py-2 text-sm text-stone-800 dark:border-stone-600 dark:bg-stone-800 dark:text-stone-100">
          <Hourglass aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <p>
            <span className="font-medium">We&apos;ll be right back.</span> Shepherd is catching its breath for a moment and will
            try again by itself in a few seconds.
          </p>
        </div>
      )}
    </div>
  );
}

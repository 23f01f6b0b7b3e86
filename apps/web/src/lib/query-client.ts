import { QueryClient, timeoutManager } from "@tanstack/react-query";
import { ApiError, isServerPause } from "./api";
import { createCoalescedTimers } from "./coalesced-timers";

// Before any query exists: timers set through one provider cannot be cleared through another.
timeoutManager.setTimeoutProvider(createCoalescedTimers());

/** With Retry-After: 5, about a minute. */
const PAUSED_READ_TRIES = 12;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A read the server asked to wait for (503 with Retry-After) is asked again after that wait, for a minute or so,
        // under the calm notice (app/server-pause-notice.tsx); after that the notice asks again for what failed.
        retry: (count, error) =>
          isServerPause(error) ? count < PAUSED_READ_TRIES : !(error instanceof ApiError && error.status < 500) && count < 2,
        retryDelay: (count, error) =>
          isServerPause(error) ? error.retryAfterSeconds * 1000 : Math.min(1000 * 2 ** count, 30_000),
        refetchOnWindowFocus: false,
      },
    },
  });
}

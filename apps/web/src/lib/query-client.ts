import { QueryClient, timeoutManager } from "@tanstack/react-query";
import { ApiError } from "./api";
import { createCoalescedTimers } from "./coalesced-timers";

// Before any query exists: timers set through one provider cannot be cleared through another.
timeoutManager.setTimeoutProvider(createCoalescedTimers());

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

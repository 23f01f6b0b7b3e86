import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationList } from "@shepherd/shared/notifications";
import { api } from "@/lib/api";

/** GET /api/notifications: the 20 newest and the unread count. A failed load is console-only (spec section 8). */
export const notificationsQuery = queryOptions({
  queryKey: ["notifications"],
  queryFn: async ({ signal }) => {
    try {
      return await api<NotificationList>("/api/notifications", { signal });
    } catch (error) {
      if (!signal.aborted) console.error("could not load notifications", error);
      throw error;
    }
  },
});

export function useNotifications() {
  return useQuery(notificationsQuery);
}

import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { NotificationItem, NotificationList } from "@shepherd/shared/notifications";
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

/** Changes the cached list at once for one notification (the list is refetched afterwards to settle it). */
export function patchNotification(
  client: QueryClient,
  id: string,
  change: (list: NotificationList, item: NotificationItem) => NotificationList,
) {
  client.setQueryData<NotificationList>(notificationsQuery.queryKey, (list) => {
    const item = list?.items.find((n) => n.id === id);
    return list && item ? change(list, item) : list;
  });
}

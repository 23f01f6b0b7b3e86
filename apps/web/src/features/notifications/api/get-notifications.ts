import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationList } from "@shepherd/shared";
import { api } from "@/lib/api";

export const notificationsQuery = queryOptions({
  queryKey: ["notifications"],
  queryFn: () => api<NotificationList>("/api/notifications"),
});

export function useNotifications() {
  return useQuery(notificationsQuery);
}

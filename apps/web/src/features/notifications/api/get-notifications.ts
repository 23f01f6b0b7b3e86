import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationList } from "@shepherd/shared/notifications";
import { api } from "@/lib/api";

export const notificationsQuery = queryOptions({
  queryKey: ["notifications"],
  queryFn: () => api<NotificationList>("/api/notifications"),
});

export function useNotifications() {
  return useQuery(notificationsQuery);
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationList } from "@shepherd/shared/notifications";
import { api } from "@/lib/api";
import { notificationsQuery } from "./get-notifications";

/** POST /api/notifications/read-all: every unread notification of mine. */
export function markAllNotificationsRead() {
  return api<unknown>("/api/notifications/read-all", { body: {} });
}

/** Errors are console-only (spec section 8). */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () =>
      client.setQueryData<NotificationList>(notificationsQuery.queryKey, (list) =>
        list ? { items: list.items.map((n) => ({ ...n, read: true })), unread: 0 } : list,
      ),
    onError: (error) => console.error("could not mark the notifications read", error),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { notificationsQuery, patchNotification } from "./get-notifications";

/** POST /api/notifications/:id/read. */
export function markNotificationRead(id: string) {
  return api<{ read: true }>(`/api/notifications/${id}/read`, { body: {} });
}

/** Marks one read; the item and the badge change at once, the list is then refetched. Errors are console-only (spec section 8). */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) =>
      patchNotification(client, id, (list, item) =>
        item.read
          ? list
          : { items: list.items.map((n) => (n.id === id ? { ...n, read: true } : n)), unread: Math.max(0, list.unread - 1) },
      ),
    onError: (error) => console.error("could not mark the notification read", error),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

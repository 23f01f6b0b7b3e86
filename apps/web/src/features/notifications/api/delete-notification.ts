import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { notificationsQuery, patchNotification } from "./get-notifications";

/** DELETE /api/notifications/:id. */
export function deleteNotification(id: string) {
  return api<{ deleted: true }>(`/api/notifications/${id}`, { method: "DELETE" });
}

/** Removes one from the list at once; errors are console-only (spec section 8). */
export function useDeleteNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: (id) =>
      patchNotification(client, id, (list, item) => ({
        items: list.items.filter((n) => n.id !== id),
        unread: item.read ? list.unread : Math.max(0, list.unread - 1),
      })),
    onError: (error) => console.error("could not delete the notification", error),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { meQuery } from "@/lib/session";

/** DELETE /api/profile/avatar: back to the first letter of his name. */
export function removeAvatar() {
  return api("/api/profile/avatar", { method: "DELETE" });
}

export function useRemoveAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: () => client.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}
